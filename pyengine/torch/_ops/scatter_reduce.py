"""scatter_reduce and index_reduce: src's values reduced (sum, prod, mean, amax, amin) into
self at the positions an index picks, one after another in src's order (ATen's CPU loop;
float32 rounds after each step). The gradients are PyTorch's (scatter_reduce_backward,
index_reduce_backward in FunctionsManual.cpp), written once for both ops.
"""
import math

from .. import _dtype
from .._float32 import f32
from .._process import warn_once
from .._tensor import Tensor
from ..autograd.derivatives import op
from ._helpers import from_values, wrap_dim
from .indexing import _check_gather_shapes, _gather_positions, _index_arg, _src_positions
from .pointwise import where

_REDUCTIONS = ("sum", "prod", "mean", "amax", "amin")
_ALIASES = {"max": "amax", "min": "amin"}  # scatter_reduce takes these too (its message names only the five)


def _step(reduce, r):
    if reduce in ("sum", "mean"):
        return lambda a, b: r(a + b)
    if reduce == "prod":
        return lambda a, b: r(a * b)
    better = (lambda a, b: b > a) if reduce == "amax" else (lambda a, b: b < a)
    return lambda a, b: a if a != a else b if b != b or better(a, b) else a


def _identity(reduce, dtype):
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if dtype.kind == "f":
        return -math.inf if reduce == "amax" else math.inf
    info = _dtype.iinfo(dtype)
    return info.min if reduce == "amax" else info.max


def _reduced_into(self, positions, values, reduce, include_self):
    """self's values (contiguous order) with values[k] reduced into positions[k], in order."""
    dtype = self.dtype
    r = f32 if dtype is _dtype.float32 else (lambda v: v)
    out = self._flat()
    if not include_self:
        for p in set(positions):
            out[p] = _identity(reduce, dtype)
    step = _step(reduce, r)
    counts = [1 if include_self else 0] * len(out)
    for p, v in zip(positions, values):
        out[p] = step(out[p], v)
        counts[p] += 1
    if reduce == "mean":
        out = [(r(v / c) if dtype.kind == "f" else v // c) if c else v for v, c in zip(out, counts)]
    return from_values(out, self._shape, dtype)


_SCATTER = ("scatter_add", "gather", "scatter", "scatter_reduce")
_INDEX = ("index_add", "index_select", "index_fill", "index_reduce")


def _reduce_backward(grad, self, dim, index, src, reduce, include_self, result, names, which):
    """Gradients of self (which = 0) or src (which = 1). ``names`` are the ops of the kind:
    spread(t, s) adds s into t at the reduced positions, pick(t) reads t at src's targets,
    clear(t) zeroes t there, again(self, src) is the op itself with the same options."""
    def spread(t, s):
        return getattr(t, names[0])(dim, index, s)

    def pick(t):
        return getattr(t, names[1])(dim, index)

    def clear(t):
        return getattr(t, names[2])(dim, index, 0)

    def again(a, b):
        return getattr(a, names[3])(dim, index, b, reduce, include_self=include_self)

    if reduce == "sum":
        grads = grad, pick(grad)
    elif reduce == "prod":
        masked_self = self.masked_fill(self == 0, 1)
        grad_self = grad * again(masked_self, src) / masked_self
        src_zero = src == 0
        zeros_per_target = pick(spread(self * 0, src_zero.to(self.dtype)))
        single_zero = src_zero & (zeros_per_target == 1)
        grad_src = where(single_zero, pick(grad * again(self, src.masked_fill(single_zero, 1))),
                         pick(grad * result) / src.masked_fill(src_zero, 1))
        grads = grad_self, grad_src
    elif reduce == "mean":
        n = spread(grad * 0 + (1 if include_self else 0), src * 0 + 1)
        n = n.masked_fill(n == 0, 1)
        grads = grad / n, pick(grad) / pick(n)
    else:  # amax, amin: shared evenly among the elements equal to the result
        self_is_result = (self == result).to(self.dtype)
        src_is_result = (src == pick(result)).to(self.dtype)
        distributed = grad / spread(self_is_result, src_is_result)
        grads = self_is_result * distributed, src_is_result * pick(distributed)
    if which == 0 and not include_self:
        return clear(grads[0])
    return grads[which]


def _reduce_name(reduce, allowed, message):
    if reduce not in allowed:
        raise RuntimeError(message)
    return reduce


def _scatter_reduce_jvp(self_t, src_t, self, dim, index, src, reduce, include_self, result):
    """scatter_reduce_jvp: sum and mean are linear; amax/amin average the tangents of the elements
    equal to the result; prod has no forward formula in PyTorch (the result gets no tangent)."""
    if reduce in ("sum", "mean"):
        return _scatter_reduce(self_t, dim, index, src_t, reduce, include_self)
    if reduce == "prod":
        return None
    self_is_result, src_is_result = self == result, src == result.gather(dim, index)
    count = _scatter_reduce(self_is_result.to(self_t.dtype), dim, index, src_is_result.to(self_t.dtype), "sum",
                            include_self)
    return _scatter_reduce(where(self_is_result, self_t, 0.0), dim, index, where(src_is_result, src_t, 0.0), "sum",
                           include_self).div(count)


@op("ScatterReduceBackward0", name="scatter_reduce.two",
    result=_scatter_reduce_jvp,
    self=lambda grad, self, dim, index, src, reduce, include_self, result: _reduce_backward(
        grad, self, dim, index, src, reduce, include_self, result, _SCATTER, 0),
    src=lambda grad, self, dim, index, src, reduce, include_self, result: _reduce_backward(
        grad, self, dim, index, src, reduce, include_self, result, _SCATTER, 1))
def _scatter_reduce(self, dim, index, src, reduce, include_self):
    positions = _gather_positions(self._shape, dim, index, "scatter")
    values = src._flat()
    return _reduced_into(self, positions, [values[p] for p in _src_positions(src, index)], reduce, include_self)


@op(name="scatter_reduce.two", forms="torch Tensor Tensor_")
def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    reduce = _reduce_name(_ALIASES.get(reduce, reduce), _REDUCTIONS,
                          f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")
    if index.dtype is not _dtype.int64:
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    if not isinstance(src, Tensor) or src.dtype is not input.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    d = wrap_dim(dim, max(input.dim(), 1))
    _check_gather_shapes(input, d, index, "scatter")
    return _scatter_reduce(input, d, index, src, reduce, include_self)


@op("IndexReduceBackward0", name="index_reduce",
    self=lambda grad, self, dim, index, source, reduce, include_self, result: _reduce_backward(
        grad, self, dim, index, source, reduce, include_self, result, _INDEX, 0),
    source=lambda grad, self, dim, index, source, reduce, include_self, result: _reduce_backward(
        grad, self, dim, index, source, reduce, include_self, result, _INDEX, 1))
def _index_reduce(self, dim, index, source, reduce, include_self):
    # source's element at coordinate k along dim goes to self's row index[k] (same other coordinates)
    rows = [int(i) for i in index._flat()]
    size = self._shape[dim] if self._shape else 1
    if not all(0 <= r < size for r in rows):
        raise IndexError("index out of range in self")
    shape = [1] * max(source.dim(), 1)
    shape[dim] = len(rows)
    targets = from_values(rows, tuple(shape), _dtype.int64).expand(source._shape or (1,))
    positions = _gather_positions(self._shape, dim, targets, "index_reduce")
    return _reduced_into(self, positions, source._flat(), reduce, include_self)


@op(name="index_reduce", forms="torch Tensor Tensor_")
def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    reduce = _reduce_name(reduce, _REDUCTIONS[1:],
                          f"index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}.")
    warn_once("index_reduce() is in beta and the API may change at any time. (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1523.)")
    d, rows = _index_arg(input, dim, index, "index_reduce_")
    if len(rows) != (source._shape[d] if source._shape else 1):
        raise RuntimeError(f"index_reduce_(): Number of indices ({len(rows)}) should be equal to source.size(dim): "
                           f"({source._shape[d] if source._shape else 1}), for dim: {dim}")
    if source.dtype is not input.dtype:
        raise RuntimeError("index_reduce_(): self and source expected to have the same dtype, but got (self) "
                           f"{input.dtype} and (source) {source.dtype}")
    return _index_reduce(input, d, index, source, reduce, include_self)
