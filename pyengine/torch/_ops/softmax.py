"""softmax and log_softmax (ATen's SoftMax.cpp): float32 with PyTorch's kernels' bits."""
import math

from .. import _dtype
from .._aten import loss as exact_loss
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from ._helpers import from_values, new_tensor, type_name, wrap_dim
from .reduction import _exp, _logsumexp_jvp, _max_of, _round_fn, _rows, exact_along, max_ndim, moved_back

_float32 = _dtype.float32


def _softmax_rows(x, dim, log):
    dtype = x.dtype
    r = _round_fn(dtype)
    d = wrap_dim(dim, max_ndim(x))
    if not x._shape:
        return from_values([0.0 if log else 1.0], (), dtype)
    order = [i for i in range(x.dim()) if i != d] + [d]
    out = []
    for row in _rows(x, (d,)):
        m = _max_of(row)
        shifted = [r(v - m) for v in row]
        exps = [r(_exp(v)) for v in shifted]
        s = 0.0
        for e in exps:
            s = r(s + e)
        if log:
            ls = r(math.log(s))
            out.extend(r(v - ls) for v in shifted)
        else:
            out.extend(r(e / s) for e in exps)
    return moved_back(out, x, order, dtype)


@op("SoftmaxBackward0", name="_softmax",
    result=lambda self_t, self, dim, result: result * (self_t - _logsumexp_jvp(self, self_t, [dim], True)),
    self=lambda grad, dim, result: (grad - (grad * result).sum(dim, True)) * result)
def _softmax(self, dim):
    if self.dtype is _float32 and self._shape:
        return exact_along(exact_loss.softmax, self, dim)
    return _softmax_rows(self, dim, log=False)


@op("LogSoftmaxBackwardDataBackward0", name="_log_softmax_backward_data",
    result=lambda grad_output_t, output_t, grad_output, output, dim: _log_softmax_backward(grad_output_t, output, dim) - output_t * output.exp() * grad_output.sum(dim, True),
    grad_output=lambda grad, output, dim: grad - (grad * output.exp()).sum(dim, True),
    output=lambda grad, grad_output, output, dim: -grad_output.sum(dim, True) * output.exp() * grad)
def _log_softmax_backward(grad_output, output, dim):
    """grad_output - exp(output) * grad_output.sum(dim): log_softmax's backward, an op of its own
    (as in PyTorch) so that it can be differentiated again; over the last float32 dim with
    PyTorch's kernel's bits."""
    if output.dtype is _float32 and grad_output.dtype is _float32 and output._shape and dim == output.dim() - 1:
        values = exact_loss.log_softmax_backward_lastdim(grad_output._buf(), output._buf(), output._shape[-1])
        return new_tensor(values, output._shape, _float32)
    with no_grad():
        return grad_output - output.exp() * grad_output.sum(dim, True)


@op("LogSoftmaxBackward0", name="_log_softmax",
    result=lambda self_t, self, dim: self_t - _logsumexp_jvp(self, self_t, [dim], True), self=lambda grad, dim, result: _log_softmax_backward(grad, result, dim))
def _log_softmax(self, dim):
    if self.dtype is _float32 and self._shape:
        return exact_along(exact_loss.log_softmax, self, dim)
    return _softmax_rows(self, dim, log=True)


def _softmax_input(x, dtype):
    if dtype is not None:
        return x.to(dtype)
    if x.dtype.kind != "f":
        raise RuntimeError(f"\"softmax_lastdim_kernel_impl\" not implemented for '{type_name(x.dtype)}'")
    return x


@op(name="softmax", forms="torch Tensor")
def softmax(input, dim=None, dtype=None):
    return _softmax(_softmax_input(input, dtype), wrap_dim(dim, max_ndim(input)))


@op(name="log_softmax", forms="torch Tensor")
def log_softmax(input, dim=None, dtype=None):
    return _log_softmax(_softmax_input(input, dtype), wrap_dim(dim, max_ndim(input)))
