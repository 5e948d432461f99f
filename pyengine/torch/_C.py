"""torch._C: of PyTorch's C extension, the names programs reach for here: the switches of
__torch_function__ dispatch and of vmap's fallback warning. Everything else in it is PyTorch's own machinery."""
from types import SimpleNamespace

from ._process import per_process
from ._torch_function import DisableTorchFunction, DisableTorchFunctionSubclass, _disabled_torch_function_impl

__all__ = ["DisableTorchFunction", "DisableTorchFunctionSubclass", "_disabled_torch_function_impl"]

# whether vmap's per-sample fallback warns (on, as in PyTorch; torch._functorch.batch_rules reads it)
vmap_fallback_warning = per_process("torch._C._functorch.vmap_fallback_warning", [True])


def _set_vmap_fallback_warning_enabled(enabled):
    vmap_fallback_warning[0] = bool(enabled)


_functorch = SimpleNamespace(_set_vmap_fallback_warning_enabled=_set_vmap_fallback_warning_enabled)


def __getattr__(name):
    raise AttributeError(f"torch._C.{name} is not supported (PyTorch's C++ internals): this engine runs PyTorch "
                         "on the CPU in eager mode")
