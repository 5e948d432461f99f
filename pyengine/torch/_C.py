"""torch._C: of PyTorch's C extension, the names programs reach for here: the switches of
__torch_function__ dispatch. Everything else in it is PyTorch's own machinery."""
from ._torch_function import DisableTorchFunction, DisableTorchFunctionSubclass, _disabled_torch_function_impl

__all__ = ["DisableTorchFunction", "DisableTorchFunctionSubclass", "_disabled_torch_function_impl"]


def __getattr__(name):
    raise AttributeError(f"torch._C.{name} is not supported (PyTorch's C++ internals): this engine runs PyTorch "
                         "on the CPU in eager mode")
