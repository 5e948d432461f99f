# Reimplements PyTorch (BSD-3); notices: licenses/pytorch.txt
"""pyengine's torch: a pure-Python implementation of PyTorch's tensors and autograd."""
from ._dtype import (bool_ as bool, uint8, int8, int16, int32, int64, float16, float32, float64,
                     get_default_dtype, set_default_dtype, promote_types, dtype)
from ._dtype import float32 as float, float64 as double, float16 as half, int64 as long, int32 as int, \
    int16 as short
from ._tensor import Tensor
from ._size import Size
from ._device import device
from . import _methods  # noqa: F401  (binds ops to Tensor)
from . import cuda, return_types, special
from . import _process  # program runners call _process.new_run()
globals().update(_methods.TORCH_FUNCTIONS)  # every op's torch.<name> forms (see autograd.derivatives.op)
from . import linalg
from . import autograd
# torch.autograd's __init__ imports only the layer below the Tensor: the names of its upper layer are bound here
from .autograd import function as _function, gradcheck as _gradcheck, variable as _variable, \
    anomaly_mode as _anomaly_mode, functional as _functional, forward_ad as _forward_ad, \
    profiler as _profiler  # noqa: F401  (submodules)
for _module, _names in ((_function, ("Function", "FunctionCtx", "once_differentiable", "NestedIOFunction")),
                        (_gradcheck, ("gradcheck", "gradgradcheck", "GradcheckError")),
                        (_variable, ("Variable",)), (_anomaly_mode, ("detect_anomaly", "set_detect_anomaly"))):
    for _name in _names:
        setattr(autograd, _name, getattr(_module, _name))
del _module, _names, _name, _function, _gradcheck, _variable, _anomaly_mode, _functional, _forward_ad, _profiler
from .autograd import (no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled,
                       is_inference_mode_enabled)
from .autograd.anomaly_mode import is_anomaly_enabled, is_anomaly_check_nan_enabled, set_anomaly_enabled
from ._tensor_str import set_printoptions
from ._ops.shape import broadcast_shapes, broadcast_tensors, meshgrid
from ._ops._helpers import typename
from ._backend import backend as _backend

import builtins

__version__ = "2.13.0"


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_floating_point(input):
    return input.is_floating_point()


def numel(input):
    return input.numel()


def result_type(tensor1, tensor2):
    from ._dtype import result_type as _result_type
    return _result_type(tensor1, tensor2)


def can_cast(from_, to):
    from ._ops.copy import can_cast as _can_cast
    return _can_cast(from_, to)


def get_num_threads():
    return 2


def get_num_interop_threads():
    return 2


def set_num_interop_threads(n):
    pass


# The engine is deterministic anyway: these flags only answer what a program set.
def use_deterministic_algorithms(mode, *, warn_only=False):
    _process.settings["deterministic"] = (builtins.bool(mode), builtins.bool(warn_only))


def are_deterministic_algorithms_enabled():
    return _process.settings["deterministic"][0]


def is_deterministic_algorithms_warn_only_enabled():
    return _process.settings["deterministic"][1]


_DEBUG_MODES = ("default", "warn", "error")


def set_deterministic_debug_mode(debug_mode):
    if isinstance(debug_mode, str):
        if debug_mode not in _DEBUG_MODES:
            raise RuntimeError("invalid value of debug_mode, expected one of `default`, `warn`, `error`, "
                               f"but got {debug_mode}")
        debug_mode = _DEBUG_MODES.index(debug_mode)
    elif isinstance(debug_mode, builtins.int):
        if debug_mode not in (0, 1, 2):
            raise RuntimeError(f"invalid value of debug_mode, expected 0, 1, or 2, but got {debug_mode}")
    else:
        raise TypeError(f"debug_mode must be str or int, but got {type(debug_mode)}")
    use_deterministic_algorithms(debug_mode != 0, warn_only=debug_mode == 1)


def get_deterministic_debug_mode():
    if not are_deterministic_algorithms_enabled():
        return 0
    return 1 if is_deterministic_algorithms_warn_only_enabled() else 2


def set_flush_denormal(mode):
    """Whether flushing denormals is supported: turning it on is not (values stay IEEE's)."""
    return not mode


def init_num_threads():
    pass


def is_vulkan_available():
    return False


class AcceleratorError(RuntimeError):
    pass


class OutOfMemoryError(RuntimeError):
    pass


class FatalError(Exception):
    pass


class layout:
    """The memory layout of a tensor: every tensor here is torch.strided."""

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name


strided = layout("strided")
Tensor.layout = property(lambda self: strided)


def set_default_tensor_type(t):
    """Deprecated: the default dtype from a tensor type (torch.DoubleTensor or its name)."""
    _process.warn_once("torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
                       "torch.set_default_dtype() and torch.set_default_device() as alternatives. (Triggered "
                       "internally at /__w/pytorch/pytorch/torch/csrc/tensor/python_tensor.cpp:434.)")
    name = t if isinstance(t, str) else "torch." + t.__name__
    if name.startswith("torch.cuda."):
        raise TypeError(f"type {name} not available. Torch not compiled with CUDA enabled.")
    from ._ops.copy import _LEGACY_TYPES
    dtype = _LEGACY_TYPES.get(name.rpartition(".")[2])
    if dtype is None:
        raise TypeError(f"invalid type: '{name}'")
    set_default_dtype(dtype)


def set_warn_always(b):
    _process.settings["warn_always"] = b is True or b == 1


def is_warn_always_enabled():
    return _process.settings["warn_always"]


def set_float32_matmul_precision(precision):
    if precision not in ("highest", "high", "medium"):
        raise RuntimeError(f"Invalid precision: {precision}")
    _process.settings["float32_matmul_precision"] = precision


def get_float32_matmul_precision():
    return _process.settings["float32_matmul_precision"]


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=None):
    """A tensor from obj, sharing its memory when it can: a tensor of the asked dtype is
    returned as it is (copy=True clones it), a numpy array is wrapped, anything else copied."""
    if isinstance(obj, Tensor):
        if requires_grad is None and obj._requires_grad:
            _process.warn_once("torch.asarray: unspecified requires_grad now defaults to obj.requires_grad instead of False. "
                      "Pass requires_grad=False explicitly to get the old behavior and silence this warning. "
                      "(Triggered internally at /__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:1737.)")
        out = obj if dtype is None or dtype is obj.dtype else obj.to(dtype)
        if copy and out is obj:
            out = obj.clone()
        return out.detach().requires_grad_() if requires_grad and not out._requires_grad else \
            out.detach() if requires_grad is False and out._requires_grad else out
    if hasattr(obj, "__array__") and not copy and dtype is None:
        return from_numpy(obj)
    return tensor(obj, dtype=dtype, requires_grad=requires_grad is True)


def scalar_tensor(s, *, dtype=None, device=None, requires_grad=False):
    """A 0-d tensor of the default float dtype (not the number's own type, unlike torch.tensor)."""
    return tensor(s, dtype=dtype or get_default_dtype(), requires_grad=requires_grad)


def set_num_threads(n):
    pass


# ---- random numbers, nn, optim, data, save/load (issue 5) -----------------------------
from ._random_ops import (Generator, default_generator, rand, randn, randint, randperm, normal, bernoulli,
                          multinomial, rand_like, randn_like, randint_like)
from .random import manual_seed, seed, initial_seed, get_rng_state, set_rng_state, thread_safe_generator
from . import random
from .serialization import save, load
from ._device import get_default_device, set_default_device
from ._dtype import finfo, iinfo
from ._lobpcg import lobpcg
from ._lowrank import svd_lowrank, pca_lowrank
from . import accelerator, backends, _C
from ._unsupported import unsupported_attribute as _unsupported_attribute, install_import_guard

install_import_guard()

# nn, optim, utils and distributions load on first use, as PyTorch loads some of its own
# submodules: `import torch` does only the work every program needs. (Nothing below the root
# imports the root, so they can.) The ops nn.functional declares are torch.<name> too.
_ON_FIRST_USE = ("nn", "optim", "utils", "distributions", "amp", "func", "profiler", "overrides")
_FROM_FUNCTIONAL = ("conv1d", "conv2d", "cosine_similarity", "pairwise_distance", "celu", "selu", "threshold",
                    "prelu", "max_pool1d", "max_pool2d", "avg_pool1d", "adaptive_avg_pool1d", "bilinear",
                    "group_norm")
# and these with ATen's own signatures (torch.embedding(weight, indices), integer reductions ...)
_TORCH_FORMS = ("dropout", "dropout_", "feature_dropout", "feature_dropout_", "alpha_dropout", "alpha_dropout_",
                "feature_alpha_dropout", "feature_alpha_dropout_", "batch_norm", "instance_norm", "layer_norm",
                "embedding", "max_pool3d", "adaptive_max_pool1d", "constant_pad_nd", "kl_div", "margin_ranking_loss",
                "hinge_embedding_loss", "cosine_embedding_loss", "triplet_margin_loss", "poisson_nll_loss",
                "binary_cross_entropy_with_logits", "rms_norm", "conv3d", "conv_transpose1d", "conv_transpose2d",
                "conv_transpose3d", "hardshrink", "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "celu_",
                "selu_", "threshold_", "rrelu", "rrelu_", "affine_grid_generator", "grid_sampler", "grid_sampler_2d",
                "grid_sampler_3d", "ctc_loss", "conv_tbc", "convolution", "embedding_bag", "embedding_renorm_",
                "norm_except_dim", "_weight_norm", "rnn_tanh", "rnn_relu", "gru", "lstm", "rnn_tanh_cell",
                "rnn_relu_cell", "gru_cell", "lstm_cell")


def _batched_grad(*args):
    """autograd.grad(is_grads_batched=True): torch.func's machinery, loaded on first use."""
    from ._functorch.eager_transforms import batched_grad
    return batched_grad(*args)


autograd.graph.BATCHED_GRAD[0] = _batched_grad


def __getattr__(name):
    if name == "GradScaler":
        from .amp import GradScaler
        return GradScaler
    if name == "vmap":  # torch.vmap is torch.func.vmap
        from .func import vmap
        return vmap
    if name == "ops":
        from ._dispatch import ops
        return ops
    if name in _ON_FIRST_USE or name in _FROM_FUNCTIONAL or name in _TORCH_FORMS:
        from importlib import import_module
        if name in _ON_FIRST_USE:
            return import_module("." + name, __name__)
        return getattr(import_module(".nn.functional" if name in _FROM_FUNCTIONAL else ".nn._torch_forms",
                                     __name__), name)
    _unsupported_attribute(name)


def __dir__():
    return sorted({*globals(), *_ON_FIRST_USE, *_FROM_FUNCTIONAL, *_TORCH_FORMS, "GradScaler", "vmap", "ops"})


def detach(input):
    return input.detach()


def is_nonzero(input):
    return input.is_nonzero()


def is_same_size(input, other):
    return input.shape == other.shape


def is_signed(input):
    return input.dtype.is_signed


def is_inference(input):
    return input.is_inference()


def get_device(input):
    return -1  # a CPU tensor


def detach_(input):
    return input.detach_()


def resolve_neg(input):
    return input.resolve_neg()


def empty_permuted(size, physical_layout, *, dtype=None, layout=None, device=None, requires_grad=False,
                   pin_memory=False):
    """An (uninitialised: zeros here) tensor of size whose memory holds its dims in physical_layout's order."""
    size, order = tuple(size), tuple(physical_layout)
    if sorted(order) != list(builtins.range(len(size))):
        raise RuntimeError(f"Dimension mismatch or invalid permutation: {list(order)}")
    stride, step = [0] * len(size), 1
    for d in reversed(order):
        stride[d] = step
        step *= builtins.max(size[d], 1)
    return empty_strided(size, tuple(stride), dtype=dtype, requires_grad=requires_grad)


def _bind_nn_methods():
    """Tensor methods of nn ops (PyTorch binds them in C++): nn loads on their first call."""
    def hardshrink(self, lambd=0.5):
        from .nn import functional
        return functional.hardshrink(self, lambd)

    def prelu(self, weight):
        from .nn import functional
        return functional.prelu(self, weight)

    Tensor.hardshrink, Tensor.prelu = hardshrink, prelu


_bind_nn_methods()



def _with_keyword_parity(namespace):
    """Every op of the namespace takes numpy's keyword names (axis=, keepdims=) and input=, and
    those with an out variant in PyTorch an out= tensor (see _arg_parser)."""
    import types
    from ._arg_parser import with_keyword_parity
    no_out = {"reshape", "flatten", "unflatten", "squeeze", "unsqueeze", "permute", "transpose", "t", "narrow",
              "select", "movedim", "moveaxis", "swapaxes", "diagonal", "expand", "broadcast_to", "ravel", "split",
              "chunk", "unbind", "tensor_split", "hsplit", "vsplit", "dsplit", "as_tensor", "from_numpy", "tensor",
              "is_tensor", "is_floating_point", "numel", "result_type", "can_cast", "broadcast_shapes",
              "broadcast_tensors", "meshgrid", "equal", "allclose", "atleast_1d", "atleast_2d", "atleast_3d",
              "FloatTensor", "DoubleTensor", "LongTensor", "IntTensor", "BoolTensor", "ByteTensor",
              "zeros_like", "ones_like", "full_like", "empty_like", "rand_like", "randn_like", "randint_like"}
    for name, fn in list(namespace.items()):
        if isinstance(fn, types.FunctionType) and not name.startswith("_") and \
                (fn.__module__ is None or fn.__module__.startswith("torch._")):
            namespace[name] = with_keyword_parity(fn, name, takes_out=name not in no_out)


_with_keyword_parity(globals())

# torch.functional's names are torch's own functions (the same objects, keyword parity included)
from . import functional  # noqa: E402
vars(functional).update({_name: globals()[_name] for _name in functional.__all__})

# __torch_function__: once a program needs dispatch, the op functions of torch.* dispatch too
# (those that take tensors: not the factories, seeds, settings ... PyTorch's ignored functions)
from . import _torch_function  # noqa: E402
_torch_function.register_namespace(globals(), [
    name for name in (*_methods.TORCH_FUNCTIONS, "broadcast_tensors", "meshgrid")
    if not name.startswith("_") and name not in _torch_function.IGNORED])
