"""More of torch.nn.functional's pooling: 3-d adaptive average and max pooling, max unpooling
(1-d to 3-d) and fractional max pooling (2-d, 3-d). Their loops are in _aten/pool_nd.py; each
op with a node of its own in PyTorch is declared here with its derivative. (torch/nn/__init__.py
binds them into torch.nn.functional.)"""
import math

from .._ops._helpers import type_name
from .._ops.creation import zeros_like
from .._aten import pool_nd
from .. import _dtype
from ..autograd.derivatives import op
from . import functional as F
from .functional import _from_kernel


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
    result="auto_linear",
    grad_output=lambda grad, grad_output: _adaptive_avg_pool3d(grad, tuple(grad_output.shape[-3:])),
    self=lambda grad, self: zeros_like(self))
def _adaptive_avg_pool3d_backward(grad_output, self):
    acc = pool_nd.adaptive_avg_pool_nd_backward(grad_output._buf(), self.shape, _float32(self),
                                                tuple(grad_output.shape[-3:]))
    return _from_kernel(acc, self._shape, self.dtype)


@op("AdaptiveAvgPool3DBackward0", name="_adaptive_avg_pool3d", result="auto_linear",
    self=lambda grad, self: _adaptive_avg_pool3d_backward(grad, self))
def _adaptive_avg_pool3d(self, output_size):
    values = pool_nd.adaptive_avg_pool_nd(self._buf(), self.shape, _float32(self), output_size)
    return _from_kernel(values, tuple(self.shape[:-3]) + tuple(output_size), self.dtype)


def adaptive_avg_pool3d(input, output_size):
    _check_adaptive_input("adaptive_avg_pool3d", input, 3)
    size = _output_size(input, output_size, 3)
    if size == (1, 1, 1):  # PyTorch takes the mean over the last three dims here
        return input.mean((-1, -2, -3), keepdim=True)
    return _adaptive_avg_pool3d(input, size)


def _gather_from_planes(grad, indices, nd):
    """grad's value at each index within its plane: the gradient of scattering to the indices."""
    return grad.flatten(-nd).gather(-1, indices.flatten(-nd)).view_as(indices)


@op("AdaptiveMaxPool3DBackwardBackward0", name="adaptive_max_pool3d_backward", result="auto_linear",
    grad_output=lambda grad, indices: _gather_from_planes(grad, indices, 3),
    self=lambda grad, self: zeros_like(self))
def _adaptive_max_pool3d_backward(grad_output, self, indices):
    acc = pool_nd.scatter_to_planes(grad_output._buf(), indices._buf(), self.shape, 3, _float32(self))
    return _from_kernel(acc, self._shape, self.dtype)


@op("AdaptiveMaxPool3DBackward0", name="adaptive_max_pool3d",
    result=lambda self_t, result: self_t.flatten(-3).gather(-1, result[1].flatten(-3)).view_as(result[1]),
    self=lambda grads, self, result: _adaptive_max_pool3d_backward(grads[0], self, result[1]))
def _adaptive_max_pool3d(self, output_size):
    values, indices = pool_nd.adaptive_max_pool_nd(self._buf(), self.shape, output_size)
    shape = tuple(self.shape[:-3]) + tuple(output_size)
    return _from_kernel(values, shape, self.dtype), _from_kernel(indices, shape, _dtype.int64)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    _check_adaptive_input("adaptive_max_pool3d", input, 3, colon=":")
    if not isinstance(output_size, int) and len(output_size) != 3:
        raise RuntimeError("adaptive_max_pool3d(): internal error: output_size.size() must be 3")
    values, indices = _adaptive_max_pool3d(input, _output_size(input, output_size, 3))
    return (values, indices) if return_indices else values


# ---- max unpooling ------------------------------------------------------------------------------

_UNPOOL_DIMS = {2: "two elements (height, width)", 3: "three elements (depth, height, width)"}


def _check_unpool(self, indices, output_size, stride, nd):
    words = _UNPOOL_DIMS[nd]
    if nd == 3 and len(output_size) != 3:
        raise RuntimeError(f"There should be exactly {words} in output_size, but got {len(output_size)} elements.")
    if indices.dtype is not _dtype.int64:
        raise RuntimeError("elements in indices should be type int64" +
                           (f" but got: {type_name(indices.dtype)}" if nd == 2 else ""))
    if self.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"Input to max_unpooling{nd}d should be a {nd + 1}d or {nd + 2}d Tensor, but got a tensor "
                           f"with {self.dim()} dimensions.")
    if self.shape != indices.shape:
        raise RuntimeError(f"Expected shape of indices to be same as that of the input tensor ({list(self.shape)}) "
                           f"but got indices tensor with shape: {list(indices.shape)}")
    if nd == 2 and len(output_size) != 2:
        raise RuntimeError(f"There should be exactly {words} in output_size, but got {len(output_size)} elements.")
    if stride is not None and min(stride) <= 0:
        raise RuntimeError(f"strides should be greater than zero, but got stride: {list(stride)}")


def _max_unpool_op(nd):
    """The max_unpool{nd}d op (PyTorch's node MaxUnpool{nd}DBackward0): its gradient picks each
    input's value back from the output gradient."""
    def forward(self, indices, output_size):
        planes = math.prod(self.shape[:self.dim() - nd])
        values = pool_nd.max_unpool(self._buf(), indices._buf(), planes, tuple(output_size))
        return _from_kernel(values, tuple(self.shape[:self.dim() - nd]) + tuple(output_size), self.dtype)

    forward.__name__ = f"_max_unpool{nd}d"  # its derivative-table key
    return op(f"MaxUnpool{nd}DBackward0", name=f"max_unpool{nd}d", result="auto_linear",
              self=lambda grad, indices: _gather_from_planes(grad, indices, nd))(forward)


_max_unpool2d, _max_unpool3d = _max_unpool_op(2), _max_unpool_op(3)


def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    """The unpooled spatial size: the pooled input's size by default, else output_size (with or
    without its batch and channel dims) if a pooling with these settings could have given input."""
    nd = len(kernel_size)
    default = [(input.shape[input.dim() - nd + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d]
               for d in range(nd)]
    if output_size is None:
        return default
    if len(output_size) == nd + 2:
        output_size = output_size[2:]
    if len(output_size) != nd:
        raise ValueError(f"output_size should be a sequence containing {nd} or {nd + 2} elements, but it has a "
                         f"length of '{len(output_size)}'")
    for d in range(nd):
        low, high = default[d] - stride[d], default[d] + stride[d]
        if not low < output_size[d] < high:
            raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between {low} and {high})')
    return output_size


def _max_unpool(input, indices, kernel_size, stride, padding, output_size, nd):
    kernel_size = F._tuple(kernel_size, nd)
    stride = F._tuple(stride if stride is not None else kernel_size, nd)
    padding = F._tuple(padding, nd)
    return kernel_size, stride, padding, _unpool_output_size(input, kernel_size, stride, padding, output_size)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """As PyTorch: 2-d unpooling of the input with a trailing dim of size 1."""
    *_, size = _max_unpool(input, indices, kernel_size, stride, padding, output_size, 1)
    size = tuple(size) + (1,)
    _check_unpool(input.unsqueeze(-1), indices.unsqueeze(-1), size, None, 2)
    return _max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), size).squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    *_, size = _max_unpool(input, indices, kernel_size, stride, padding, output_size, 2)
    _check_unpool(input, indices, tuple(size), None, 2)
    return _max_unpool2d(input, indices, tuple(size))


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    _, stride, _, size = _max_unpool(input, indices, kernel_size, stride, padding, output_size, 3)
    _check_unpool(input, indices, tuple(size), stride, 3)
    return _max_unpool3d(input, indices, tuple(size))


# ---- fractional max pooling -----------------------------------------------------------------------

_DIM_NAMES = {2: ("height", "width"), 3: ("time", "height", "width")}


def _fractional_ops(nd):
    """The fractional_max_pool{nd}d op (node FractionalMaxPool{nd}DBackward0) and its backward op."""
    def backward(grad_output, self, indices):
        acc = pool_nd.scatter_to_planes(grad_output._buf(), indices._buf(), self.shape, nd, _float32(self))
        return _from_kernel(acc, self._shape, self.dtype)

    def forward(self, kernel_size, output_size, random_samples):
        values, indices = pool_nd.fractional_max_pool(self._buf(), self.shape, random_samples._buf(), kernel_size,
                                                      output_size, _float32(self))
        shape = tuple(self.shape[:self.dim() - nd]) + tuple(output_size)
        return _from_kernel(values, shape, self.dtype), _from_kernel(indices, shape, _dtype.int64)

    name = f"fractional_max_pool{nd}d"
    backward.__name__, forward.__name__ = f"_{name}_backward", f"_{name}"  # their derivative-table keys
    backward = op(f"FractionalMaxPool{nd}DBackwardBackward0", name=f"{name}_backward", result="auto_linear",
                  grad_output=lambda grad, indices: _gather_from_planes(grad, indices, nd),
                  self=lambda grad, self: zeros_like(self))(backward)
    return op(f"FractionalMaxPool{nd}DBackward0", name=name,
              result=lambda self_t, result: _gather_from_planes(self_t, result[1], nd),
              self=lambda grads, self, result: backward(grads[0], self, result[1]))(forward)


_fractional_max_pool2d, _fractional_max_pool3d = _fractional_ops(2), _fractional_ops(3)


def _fractional_max_pool(input, kernel_size, output_size, output_ratio, return_indices, random_samples, nd):
    name = f"fractional_max_pool{nd}d"
    if output_size is None and output_ratio is None:
        raise ValueError(f"{name} requires specifying either an output_size or an output_ratio")
    if output_size is None:
        if len(output_ratio) > nd:  # a number raises TypeError, as in PyTorch (its modules pass tuples)
            raise ValueError(f"{name} requires output_ratio to either be a single Int or tuple of Ints.")
        ratio = F._tuple(output_ratio, nd)
        output_size = [int(input.shape[input.dim() - nd + d] * ratio[d]) for d in range(nd)]
    kernel_size, output_size = F._tuple(kernel_size, nd), F._tuple(output_size, nd)
    if random_samples is None:
        from .._random_ops import rand
        batch = 1 if input.dim() == nd + 1 else input.shape[0]
        random_samples = rand(batch, input.shape[-nd - 1], nd, dtype=input.dtype)
    _check_fractional(input, kernel_size, output_size, random_samples, nd)
    x = input if input.dim() == nd + 2 else input.unsqueeze(0)
    values, indices = (_fractional_max_pool2d if nd == 2 else _fractional_max_pool3d)(
        x, kernel_size, output_size, random_samples[:x.shape[0]])
    if input.dim() == nd + 1:
        values, indices = values.squeeze(0), indices.squeeze(0)
    return (values, indices) if return_indices else values


def _check_fractional(input, kernel_size, output_size, random_samples, nd):
    if random_samples.dtype is not input.dtype:
        raise RuntimeError("Expect _random_samples to have the same dtype as input")
    if random_samples.shape[2] != nd:
        raise RuntimeError(f"Expect _random_samples.size(2) equals to {nd}; got {random_samples.shape[2]}.")
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f"fractional_max_pool{nd}d(): Expected {nd + 1}D or {nd + 2}D tensor, but got: "
                           f"{list(input.shape)}")
    if random_samples.shape[0] < (input.shape[0] if input.dim() == nd + 2 else 1):
        raise RuntimeError("Expect _random_samples.size(0) no less then input batch size.")
    where = f"fractional_max_pool{nd}d" + ("_out" if nd == 3 else "")
    for d, dim_name in enumerate(_DIM_NAMES[nd]):
        size = input.shape[input.dim() - nd + d]
        if output_size[d] + kernel_size[d] - 1 > size:
            raise RuntimeError(f"{where}(): pool {dim_name} {kernel_size[d]} too large relative to input "
                               f"{dim_name} {size}")


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    return _fractional_max_pool(input, kernel_size, output_size, output_ratio, return_indices, _random_samples, 2)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    return _fractional_max_pool(input, kernel_size, output_size, output_ratio, return_indices, _random_samples, 3)
