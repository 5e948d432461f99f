"""Reductions."""
from .._backend import backend as B
from .._tensor import Tensor
from ..autograd.derivatives import op
from ._helpers import new_tensor


def _reduced_dims(x, dim):
    if dim is None:
        return tuple(range(x.dim()))
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return tuple(sorted(x._wrap_dim(d) for d in dims))


def _sum_values(x, dims, keepdim, dtype):
    """Sum over ``dims`` (sequential float accumulation; placeholder until the exact cascade)."""
    flat = B.to_list(B.cast(x._buf(), dtype) if x.dtype is not dtype else x._buf(), dtype)
    shape = x._shape
    out_shape = tuple(1 if i in dims else s for i, s in enumerate(shape))
    out = [0] * max(1, _numel(out_shape))
    strides_out = _strides(out_shape)
    idx = [0] * len(shape)
    for v in flat:
        o = sum(idx[i] * strides_out[i] for i in range(len(shape)) if i not in dims)
        out[o] = out[o] + v
        for i in range(len(shape) - 1, -1, -1):
            idx[i] += 1
            if idx[i] < shape[i]:
                break
            idx[i] = 0
    if not keepdim:
        out_shape = tuple(s for i, s in enumerate(shape) if i not in dims)
    return new_tensor(B.from_list(out, dtype), out_shape, dtype)


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _strides(shape):
    st, acc = [], 1
    for s in reversed(shape):
        st.append(acc)
        acc *= s
    return tuple(reversed(st))


def _sum_dtype(x, dtype):
    if dtype is not None:
        return dtype
    from .. import _dtype
    return _dtype.int64 if x.dtype.kind in "biu" else x.dtype


@op("SumBackward0", self=lambda grad, self: grad.expand(self._shape))
def sum_all(self, dtype=None):
    return _sum_values(self, _reduced_dims(self, None), False, _sum_dtype(self, dtype))


@op("SumBackward1", self=lambda grad, self, dim, keepdim: _unsqueeze_to(grad, self, dim, keepdim))
def sum_dim(self, dim, keepdim=False, dtype=None):
    return _sum_values(self, _reduced_dims(self, dim), keepdim, _sum_dtype(self, dtype))


def _unsqueeze_to(grad, x, dim, keepdim):
    if not keepdim:
        for d in _reduced_dims(x, dim):
            grad = grad.unsqueeze(d)
    return grad.expand(x._shape)


def sum(input, dim=None, keepdim=False, *, dtype=None):
    if dim is None:
        return sum_all(input, dtype)
    return sum_dim(input, dim, keepdim, dtype)
