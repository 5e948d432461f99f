"""More of torch.nn.functional's pooling: 3-d adaptive average and max pooling, max unpooling
(1-d to 3-d) and fractional max pooling (2-d, 3-d). Their loops are in _aten/pool_nd.py; each
op with a node of its own in PyTorch is declared here with its derivative. (functional.py
re-exports them.)"""
import math

from .._ops.creation import zeros, zeros_like
from .._aten import pool_nd
from .._backend import backend as B
from .._tensor import Tensor
from .. import _dtype
from ..autograd.derivatives import op
from . import functional as F


def _new(values, shape, dtype):
    return Tensor._make(B.as_buffer(values, dtype), tuple(shape), dtype)


def _float32(t):
    return t.dtype.itemsize == 4


def _output_size(input, output_size, nd):
    """output_size as nd numbers, None entries taking the input's size."""
    size = F._tuple(output_size, nd)
    return tuple(input.shape[input.dim() - nd + i] if s is None else s for i, s in enumerate(size))


def _check_adaptive_input(name, input, nd, colon=""):
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"{name}(): Expected {nd + 1}D or {nd + 2}D tensor, but got{colon} {list(input.shape)}")
    for d in range(1, input.dim()):
        if input.shape[d] == 0:
            raise RuntimeError(f"{name}(): Expected input to have non-zero size for non-batch dimensions, but input "
                               f"has sizes {list(input.shape)} with dimension {d} being empty")


# ---- adaptive 3-d pooling ---------------------------------------------------------------------

# linear in self: the gradient for grad_output is the pooling itself
@op("AdaptiveAvgPool3DBackwardBackward0", name="_adaptive_avg_pool3d_backward",
    grad_output=lambda grad, grad_output: _adaptive_avg_pool3d(grad, tuple(grad_output.shape[-3:])),
    self=lambda grad, self: zeros_like(self))
def _adaptive_avg_pool3d_backward(grad_output, self):
    acc = pool_nd.adaptive_avg_pool_nd_backward(grad_output._flat(), self.shape, _float32(self),
                                                tuple(grad_output.shape[-3:]))
    return _new(acc, self._shape, self.dtype)


@op("AdaptiveAvgPool3DBackward0", name="_adaptive_avg_pool3d",
    self=lambda grad, self: _adaptive_avg_pool3d_backward(grad, self))
def _adaptive_avg_pool3d(self, output_size):
    values = pool_nd.adaptive_avg_pool_nd(self._flat(), self.shape, _float32(self), output_size)
    return _new(values, tuple(self.shape[:-3]) + tuple(output_size), self.dtype)


def adaptive_avg_pool3d(input, output_size):
    _check_adaptive_input("adaptive_avg_pool3d", input, 3)
    size = _output_size(input, output_size, 3)
    if size == (1, 1, 1):  # PyTorch takes the mean over the last three dims here
        return input.mean((-1, -2, -3), keepdim=True)
    return _adaptive_avg_pool3d(input, size)


def _gather_from_planes(grad, indices, nd):
    """grad's value at each index within its plane: the gradient of scattering to the indices."""
    return grad.flatten(-nd).gather(-1, indices.flatten(-nd)).view_as(indices)


@op("AdaptiveMaxPool3DBackwardBackward0", name="adaptive_max_pool3d_backward",
    grad_output=lambda grad, indices: _gather_from_planes(grad, indices, 3),
    self=lambda grad, self: zeros_like(self))
def _adaptive_max_pool3d_backward(grad_output, self, indices):
    acc = pool_nd.scatter_to_planes(grad_output._flat(), indices._flat(), self.shape, 3, _float32(self))
    return _new(acc, self._shape, self.dtype)


@op("AdaptiveMaxPool3DBackward0", name="adaptive_max_pool3d",
    self=lambda grads, self, result: _adaptive_max_pool3d_backward(grads[0], self, result[1]))
def _adaptive_max_pool3d(self, output_size):
    values, indices = pool_nd.adaptive_max_pool_nd(self._flat(), self.shape, output_size)
    shape = tuple(self.shape[:-3]) + tuple(output_size)
    return _new(values, shape, self.dtype), _new(indices, shape, _dtype.int64)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    _check_adaptive_input("adaptive_max_pool3d", input, 3, colon=":")
    if not isinstance(output_size, int) and len(output_size) != 3:
        raise RuntimeError("adaptive_max_pool3d(): internal error: output_size.size() must be 3")
    values, indices = _adaptive_max_pool3d(input, _output_size(input, output_size, 3))
    return (values, indices) if return_indices else values
