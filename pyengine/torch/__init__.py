"""pyengine's torch: a pure-Python implementation of PyTorch's tensors and autograd."""
from ._dtype import (bool_ as bool, uint8, int8, int16, int32, int64, float16, float32, float64,
                     get_default_dtype, set_default_dtype, promote_types, dtype)
from ._dtype import float32 as float, float64 as double, float16 as half, int64 as long, int32 as int, \
    int16 as short
from ._tensor import Tensor
from ._size import Size
from ._device import device
from . import _methods  # noqa: F401  (binds ops to Tensor)
from ._ops.creation import tensor
from ._ops.pointwise import add, sub, mul, div, neg, exp, log, reciprocal, rsub
from ._ops.reduction import sum
from ._ops.shape import expand, unsqueeze, squeeze, reshape
from ._ops.copy import clone
from . import autograd
from .autograd import no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled
from ._tensor_str import set_printoptions, get_printoptions
from ._backend import backend as _backend

__version__ = "2.13.0"


def is_tensor(obj):
    return isinstance(obj, Tensor)


def result_type(a, b):
    from ._dtype import result_type as rt
    return rt(a, b)


def ones_like(t, *, dtype=None, requires_grad=False):
    return full_like(t, 1, dtype=dtype, requires_grad=requires_grad)


def zeros_like(t, *, dtype=None, requires_grad=False):
    return full_like(t, 0, dtype=dtype, requires_grad=requires_grad)


def full_like(t, fill_value, *, dtype=None, requires_grad=False):
    dtype = dtype or t.dtype
    out = Tensor._make(_backend.full(t.numel(), fill_value, dtype), t._shape, dtype)
    return out.requires_grad_(True) if requires_grad else out
