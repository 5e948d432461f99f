"""Reductions: sum, mean, prod, max/min, var/std, norm, cumulative ops, logsumexp, all/any ...

Every reduction groups the input into rows: one row of reduced values per output
element (``_rows``). Float sums go through ``_sum_row``, the one place that decides the
order of float32 additions.
"""
import builtins as _builtins
import math

from .. import _dtype
from .._caller import warn
from .. import return_types
from .._aten import reduce as exact
from .._aten.reduce import arg_best as _arg_best, greater as _greater, is_nan as _is_nan, less as _less  # noqa: F401 (sorting's too)
from .._backend import backend as B
from .._float32 import f32
from .._libm import glibc_log1p
from .._tensor import Tensor, numel_of
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from ._helpers import from_values, permuted, sizes_arg, wrap_dim, type_name, new_tensor
from .creation import ones_like, zeros
from .joining import cat, stack
from .pointwise import maximum, minimum, unary
from .shape import _inverse

_float32 = _dtype.float32
_float64 = _dtype.float64
# this module defines torch.sum/max/min/all/any; keep Python's own at hand
builtins_max, builtins_min, builtins_sum = _builtins.max, _builtins.min, _builtins.sum


# ---- grouping ----------------------------------------------------------------------------

def reduced_dims(x, dim):
    """Sorted, wrapped dims reduced by ``dim`` (None or () mean all)."""
    ndim = len(x._shape)
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0):
        return tuple(range(ndim))
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    if len(dims) == 1:  # (the common case: one dim, nothing to sort or repeat)
        d = wrap_dim(dims[0], ndim or 1)
        return (d,) if ndim else ()
    wrapped = [wrap_dim(d, ndim or 1) for d in dims]
    if len(set(wrapped)) < len(wrapped):
        for d in set(wrapped):
            if wrapped.count(d) > 1:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return tuple(sorted(wrapped)) if ndim else ()


def _out_shape(x, dims, keepdim):
    if keepdim:
        return tuple(1 if i in dims else s for i, s in enumerate(x._shape))
    return tuple(s for i, s in enumerate(x._shape) if i not in dims)


def _rows(x, dims, dtype=None):
    """The values of x as a list of rows, one per output element, each row holding the
    reduced elements in row-major order."""
    kept = [d for d in range(x.dim()) if d not in dims]
    buf, _ = permuted(x, kept + list(dims))
    dtype = dtype or x.dtype
    if dtype is not x.dtype:
        buf = B.cast(buf, dtype)
    values = B.to_list(buf, dtype)
    k = numel_of([x._shape[d] for d in dims])
    n = numel_of([x._shape[d] for d in kept])
    if k == 0:
        return [[] for _ in range(n)]
    return [values[i * k:(i + 1) * k] for i in range(n)]


def _round_fn(dtype):
    return f32 if dtype is _float32 else (lambda v: v)


def _sum_row(row, dtype):
    """The sum of one row, rounded as PyTorch rounds it (placeholder order until _aten lands)."""
    if dtype.kind != "f":
        return builtins_sum(row)
    r = _round_fn(dtype)
    total = 0.0
    for v in row:
        total = r(total + v)
    return total


def _row_sum(x, dim, dtype):
    """How each output's row of reduced elements is summed: float64 rows that lie contiguous in
    memory (x contiguous, trailing dims reduced) take torch's cascade, the rest add in order."""
    dims = reduced_dims(x, dim)
    if dtype is _dtype.float64 and x.dtype is _dtype.float64 and x.is_contiguous() and \
            dims == tuple(range(x.dim() - len(dims), x.dim())):
        return exact.sum_row_float64
    return lambda row: _sum_row(row, dtype)


def _sum(x, dim, keepdim, dtype):
    """A sum that is not float32's: float64 rows added in order (where they are not contiguous in
    memory) in one kernel call over all rows (leading dims of a contiguous x: the columns of its
    buffer, a bias's gradient), other rows one by one."""
    row_sum = _row_sum(x, dim, dtype)
    dims = reduced_dims(x, dim)
    k = numel_of([x._shape[d] for d in dims])
    if dtype is _dtype.float64 and x.dtype is _dtype.float64 and row_sum is not exact.sum_row_float64 and k:
        if x.is_contiguous() and dims == tuple(range(len(dims))):
            sums = exact.sum_in_order(x._buf(), k, columns=True)
        else:
            sums = exact.sum_in_order(permuted(x, [d for d in range(x.dim()) if d not in dims] + list(dims))[0], k)
        return new_tensor(sums, _out_shape(x, dims, keepdim), dtype)
    return _reduce(x, dim, keepdim, row_sum, dtype)


def _exact(kernel, x, dim, keepdim, **kwargs):
    """A float32 reduction computed by the bit-exact ``_aten.reduce`` kernel on x's storage."""
    dims = None if dim is None else reduced_dims(x, dim)
    values, shape = kernel(x._storage.buf, x._offset, x._shape, x._stride, dims, keepdim=keepdim, **kwargs)
    return new_tensor(values, tuple(shape), _float32)


def _reduce(x, dim, keepdim, fn, dtype):
    dims = reduced_dims(x, dim)
    values = [fn(row) for row in _rows(x, dims, dtype)]
    return from_values(values, _out_shape(x, dims, keepdim), dtype)


# ---- sum, mean, prod -------------------------------------------------------------------------

def _sum_dtype(x, dtype):
    if dtype is not None:
        return dtype
    return _dtype.int64 if x.dtype.kind in "biu" else x.dtype


@op("SumBackward0", name="sum", result="auto_linear", self=lambda grad, self: grad.expand(self._shape))
def sum_all(self, dtype=None):
    dtype = _sum_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        return _exact(exact.sum, self, None, False)
    return _sum(self, None, False, dtype)


@op("SumBackward1", name="sum.dim_IntList", packs="", saved="dim keepdim self_sym_sizes", result="auto_linear",
    self=lambda grad, self, dim, keepdim: unsqueeze_to(grad, self, dim, keepdim))
def sum_dim(self, dim, keepdim=False, dtype=None):
    dtype = _sum_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        dims = reduced_dims(self, dim)
        if dims and _builtins.all(self._shape[d] == 1 for d in dims):  # (a bias's gradient of one row) each sum is
            # one value added to the kernel's 0, in order: -0 comes out +0
            return new_tensor(B.binary("add", self._buf(), 0.0, _float32), _out_shape(self, dims, keepdim), _float32)
        return _exact(exact.sum, self, dim, keepdim)
    return _sum(self, dim, keepdim, dtype)


def unsqueeze_to(grad, x, dim, keepdim):
    """Undo a reduction's removal of dims, then expand to x's shape."""
    if not keepdim:
        for d in reduced_dims(x, dim):
            grad = grad.unsqueeze(d)
    return grad.expand(x._shape)


@op(name="sum", forms="torch Tensor")
def sum(input, dim=None, keepdim=False, *, dtype=None):
    if dim is None:
        return sum_all(input, dtype)
    return sum_dim(input, (dim,) if _is_int_dim(dim) else dim, keepdim, dtype)  # (ATen's int[]: the node saves it so)


@op(name="sum_to_size", forms="Tensor")
def sum_to_size(x, *size):
    """Sum ``x`` over broadcast dims so it has shape ``size``."""
    size = sizes_arg(size)
    lead = x.dim() - len(size)
    dims = list(range(lead))
    dims += [i + lead for i, s in enumerate(size) if s == 1 and x._shape[i + lead] != 1]
    if not dims:
        return x
    out = sum_dim(x, dims, True)
    return out.reshape(size) if lead else out


@op("NansumBackward0", name="nansum",
    result=lambda self_t, self, dim, keepdim, dtype: _reduce_sum(self_t.masked_fill(self.isnan(), 0), self, dim, keepdim, dtype), self=lambda grad, self, dim, keepdim: unsqueeze_to(grad, self, dim, keepdim)
    * self.isnan().logical_not())
def _nansum(self, dim, keepdim, dtype):
    with no_grad():
        zeroed = self.masked_fill(self.isnan(), 0) if self.dtype.kind == "f" else self
        return sum_all.forward(zeroed, dtype) if dim is None else sum_dim.forward(zeroed, dim, keepdim, dtype)


@op(name="nansum", forms="torch Tensor")
def nansum(input, dim=None, keepdim=False, *, dtype=None):
    return _nansum(input, None if dim is None else reduced_dims(input, dim), keepdim, dtype)


@op(name="nanmean", forms="torch Tensor")
def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    if input.dtype.kind != "f":
        raise RuntimeError(f"nanmean(): expected input to have floating point or complex dtype but got "
                           f"{type_name(input.dtype)}")
    count = input.isnan().logical_not().sum(() if dim is None else dim, keepdim)
    return nansum(input, dim, keepdim, dtype=dtype) / count


def _mean_dtype(x, dtype, name="mean"):
    dtype = dtype or x.dtype
    if dtype.kind != "f":
        raise RuntimeError(f"{name}(): could not infer output dtype. Input dtype must be either a floating "
                           f"point or complex dtype. Got: {type_name(dtype)}")
    return dtype


def _mean_row(row, dtype, row_sum):
    r = _round_fn(dtype)
    if not row:
        return math.nan
    return r(row_sum(row) / r(len(row)))


@op("MeanBackward0", name="mean", result="auto_linear", self=lambda grad, self: grad.expand(self._shape) / self.numel())
def mean_all(self, dtype=None):
    dtype = _mean_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        return _exact(exact.mean, self, None, False)
    row_sum = _row_sum(self, None, dtype)
    return _reduce(self, None, False, lambda row: _mean_row(row, dtype, row_sum), dtype)


@op("MeanBackward1", name="mean.dim", packs="", saved="dim keepdim self_sym_numel self_sym_sizes", result="auto_linear", self=lambda grad, self, dim, keepdim: unsqueeze_to(grad, self, dim, keepdim) /
    _count(self, dim))
def mean_dim(self, dim, keepdim=False, dtype=None):
    dtype = _mean_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        return _exact(exact.mean, self, dim, keepdim)
    row_sum = _row_sum(self, dim, dtype)
    return _reduce(self, dim, keepdim, lambda row: _mean_row(row, dtype, row_sum), dtype)


def _count(x, dim):
    return numel_of([x._shape[d] for d in reduced_dims(x, dim)])


@op(name="mean", forms="torch Tensor")
def mean(input, dim=None, keepdim=False, *, dtype=None):
    if dim is None:
        return mean_all(input, dtype)
    return mean_dim(input, (dim,) if _is_int_dim(dim) else dim, keepdim, dtype)


def _is_int_dim(dim):
    return isinstance(dim, int) and not isinstance(dim, bool)


def _prod_row(row, dtype):
    r = _round_fn(dtype)
    p = 1 if dtype.kind != "f" else 1.0
    for v in row:
        p = r(p * v)
    return p


def _prod_backward(grad, x, result, dim=None):
    # PyTorch's prod_backward: grad * result / x where x has no zeros; otherwise products of the others
    if not bool((x == 0).any()):
        return grad * (result / x)
    if dim is None:
        return _prod_others(x.reshape(-1), 0).reshape(x._shape) * grad
    return _prod_others(x, dim) * grad


def _prod_others(x, dim):
    """Each element's product of the other elements along ``dim``, without dividing (x has zeros):
    the product of those before it times the product of those after it."""
    n = x._shape[dim]
    one = ones_like(x.narrow(dim, 0, 1))
    before = cat([one, x.narrow(dim, 0, n - 1)], dim).cumprod(dim)
    after = cat([x.narrow(dim, 1, n - 1), one], dim).flip(dim).cumprod(dim).flip(dim)
    return before * after


@op("ProdBackward0", name="prod",
    result=lambda self_t, self, result: (_prod_backward(ones_like(result).expand(self._shape), self.to(result.dtype), result) * self_t).sum(),
    self=lambda grad, self, result: _prod_backward(grad.expand(self._shape), self, result))
def prod_all(self, dtype=None):
    dtype = _sum_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        return _exact(exact.prod, self, None, False)
    return _reduce(self, None, False, lambda row: _prod_row(row, dtype), dtype)


@op("ProdBackward1", name="prod.dim_int",
    result=lambda self_t, self, dim, keepdim, result: (_prod_backward(unsqueeze_to(ones_like(result), self, dim, keepdim), self.to(result.dtype), unsqueeze_to(result, self, dim, keepdim), dim) * self_t).sum(dim, keepdim), self=lambda grad, self, dim, keepdim, result: _prod_backward(
    unsqueeze_to(grad, self, dim, keepdim), self, unsqueeze_to(result, self, dim, keepdim), dim))
def prod_dim(self, dim, keepdim=False, dtype=None):
    dtype = _sum_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        return _exact(exact.prod, self, dim, keepdim)
    return _reduce(self, dim, keepdim, lambda row: _prod_row(row, dtype), dtype)


@op(name="prod", forms="torch Tensor")
def prod(input, dim=None, keepdim=False, *, dtype=None):
    if dim is None:
        return prod_all(input, dtype)
    return prod_dim(input, dim, keepdim, dtype)


# ---- max, min, argmax, amax -------------------------------------------------------------------

def _check_nonempty(x, name, dim=None):
    if x.numel() == 0:
        if dim is None:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                               "Specify the reduction dim with the 'dim' argument.")


def _check_dim_nonempty(x, name, dim):
    if x._shape and x._shape[dim] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {dim} to have non-zero size.")


def _extreme_all(x, better):
    return _extreme_reduce(x, None, False, better)


def _extreme_rows(x, dims, better):
    """(values, indices) buffers of _arg_best over dims by the backend's kernel (numpy's, the
    browser's), or None (dtypes but float32 and float64, a 0-d x, empty rows): the caller runs
    _arg_best on the rows."""
    k = numel_of([x._shape[d] for d in dims])
    if x.dtype is not _float32 and x.dtype is not _dtype.float64 or not x.dim() or not k:
        return None
    kept = [d for d in range(x.dim()) if d not in dims]
    buf, _ = permuted(x, kept + list(dims))
    return exact.extreme_rows(buf, k, better is _less)


def _extreme_dim(x, dim, keepdim, better):
    dims = reduced_dims(x, dim)
    found = _extreme_rows(x, dims, better)
    if found is not None:
        shape = _out_shape(x, dims, keepdim)
        return Tensor._make(found[0], shape, x.dtype), Tensor._make(found[1], shape, _dtype.int64)
    rows = _rows(x, dims)
    idx = [_arg_best(row, better) for row in rows]
    shape = _out_shape(x, dims, keepdim)
    return (from_values([row[i] for row, i in zip(rows, idx)], shape, x.dtype),
            from_values(idx, shape, _dtype.int64))


def _select_backward_values(grad, x, dim, keepdim, indices):
    """Gradient of values picked by ``indices`` along ``dim`` (max/min/median/mode with dim)."""
    if not keepdim and x.dim():
        grad, indices = grad.unsqueeze(dim), indices.unsqueeze(dim)
    return zeros(x._shape, dtype=grad.dtype).scatter(dim, indices, grad) if x.dim() else grad


def _evenly_distribute(grad, x, result):
    """Gradient of a full max/min: split evenly among the elements equal to the result."""
    mask = x == result
    return (grad / mask.sum()).expand(x._shape).masked_fill(mask.logical_not(), 0)


# ---- forward-mode (tangent) formulas shared by the reductions, as PyTorch's FunctionsManual ----

def _reduce_sum(t, x, dim, keepdim, dtype=None):
    """``t`` summed over the dims a reduction of ``x`` over ``dim`` removes: a reduction's tangent."""
    return sum_dim(t, reduced_dims(x, dim), keepdim, dtype)


def _evenly_read_jvp(t, x, value):
    """Tangent of a full max/min/median: the mean of the tangents where x equals the result."""
    mask = x == value
    return (mask * (t / mask.sum())).sum()


def _gather_keepdim(t, dim, indices, keepdim):
    """Tangent of the values picked by ``indices`` along ``dim`` (max/min/median/mode/sort with dim)."""
    if not t.dim():
        return t.clone()
    if keepdim:
        return t.gather(dim, indices)
    return t.gather(dim, indices.unsqueeze(dim)).squeeze(dim)


def _amaxamin_jvp(x, t, result, dim, keepdim):
    mask = x == unsqueeze_to(result, x, dim, keepdim)
    return _reduce_sum(t.masked_fill(mask.logical_not(), 0), x, dim, keepdim) / _reduce_sum(mask, x, dim, keepdim)


def _norm_jvp(x, t, p, norm, dim, keepdim):
    """Tangent of the p-norm of x over dim (PyTorch's norm_jvp)."""
    p = 2.0 if p is None else float(p)
    if p == 0:
        return norm.new_zeros(norm._shape)
    if p == 1:
        return _reduce_sum(x.sgn() * t, x, dim, keepdim)
    if p == 2:
        return (_reduce_sum(x * t, x, dim, keepdim) / norm).masked_fill(norm == 0, 0)
    if math.isinf(p):
        full = unsqueeze_to(norm, x, dim, keepdim)
        is_max = ((x.abs() == full) | (x.isnan() & full.isnan())).to(norm.dtype)
        count = sum_dim(is_max, reduced_dims(x, dim), True)
        return _reduce_sum(x.sgn() * t * is_max / count, x, dim, keepdim)
    if p < 1:
        return _reduce_sum(x.abs().pow(p - 1).masked_fill(x == 0, 0) * (x.sgn() * t), x, dim, keepdim) * norm.pow(1 - p)
    if p < 2:
        return (_reduce_sum(x.abs().pow(p - 1) * (x.sgn() * t), x, dim, keepdim) / norm.pow(p - 1)).masked_fill(
            norm == 0, 0)
    return (_reduce_sum(x.abs().pow(p - 2) * (x * t), x, dim, keepdim) / norm.pow(p - 1)).masked_fill(norm == 0, 0)


def _logsumexp_jvp(x, t, dim, keepdim):
    """Tangent of logsumexp: the softmax-weighted mean of the tangents (exp-normalized)."""
    e = (x - _amax(x, reduced_dims(x, dim), True)).exp() if x.numel() else x.exp()
    return _reduce_sum(e * t, x, dim, keepdim) / _reduce_sum(e, x, dim, keepdim)


def _logcumsumexp_jvp(x, t, dim):
    e = (x - _amax(x, [dim], True)).exp() if x.numel() else x.exp()
    return (e * t).cumsum(dim) / e.cumsum(dim)


def _cumprod_jvp(t, x, result, dim):
    """Tangent of cumprod, exact past zeros of x (PyTorch's cumprod_jvp)."""
    gradient = (t / x).cumsum(dim) * result
    if not x.dim():
        return t.where(x == 0, gradient)
    zeros_mask = x == 0
    first_zero = zeros_mask & (zeros_mask.cumsum(dim) == 1)
    after_zero = first_zero.cumsum(dim).to(_dtype.bool_)
    return t.where(first_zero, x).cumprod(dim).where(after_zero, gradient)


@op("MaxBackward1", name="max",
    result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result), self=lambda grad, self, result: _evenly_distribute(grad, self, result))
def max_all(self):
    _check_nonempty(self, "max")
    return _extreme_all(self, _greater)


@op("MaxBackward0", name="max.dim", packs="indices=result1", saved="dim indices keepdim self_sym_sizes",
    result=lambda self_t, dim, keepdim, result: _gather_keepdim(self_t, dim, result[1], keepdim), self=lambda grad, self, dim, keepdim, result: _select_backward_values(
    grad, self, dim, keepdim, result[1]))
def _max_dim(self, dim, keepdim=False):
    return return_types.max(_extreme_dim(self, dim, keepdim, _greater))


@op("MinBackward1", name="min",
    result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result), self=lambda grad, self, result: _evenly_distribute(grad, self, result))
def min_all(self):
    _check_nonempty(self, "min")
    return _extreme_all(self, _less)


@op("MinBackward0", name="min.dim", packs="indices=result1", saved="dim indices keepdim self_sym_sizes",
    result=lambda self_t, dim, keepdim, result: _gather_keepdim(self_t, dim, result[1], keepdim), self=lambda grad, self, dim, keepdim, result: _select_backward_values(
    grad, self, dim, keepdim, result[1]))
def _min_dim(self, dim, keepdim=False):
    return return_types.min(_extreme_dim(self, dim, keepdim, _less))


@op(name="max", forms="torch Tensor")
def max(input, dim=None, keepdim=False, *, out=None):
    if isinstance(dim, Tensor):
        return maximum(input, dim)
    if dim is None:
        return max_all(input)
    d = wrap_dim(dim, max_ndim(input))
    _check_dim_nonempty(input, "max", d)
    return _max_dim(input, d, keepdim)


@op(name="min", forms="torch Tensor")
def min(input, dim=None, keepdim=False, *, out=None):
    if isinstance(dim, Tensor):
        return minimum(input, dim)
    if dim is None:
        return min_all(input)
    d = wrap_dim(dim, max_ndim(input))
    _check_dim_nonempty(input, "min", d)
    return _min_dim(input, d, keepdim)


def max_ndim(x):
    return x.dim() if x.dim() else 1


def _amax_backward(grad, x, dim, keepdim, result):
    g = unsqueeze_to(grad, x, dim, keepdim)
    r = unsqueeze_to(result, x, dim, keepdim)
    mask = x == r
    return (g / unsqueeze_to(mask.sum(dim, True), x, dim, True)).masked_fill(mask.logical_not(), 0)


@op("AmaxBackward0", name="amax",
    result=lambda self_t, self, dim, keepdim, result: _amaxamin_jvp(self, self_t, result, dim, keepdim),
    self=lambda grad, self, dim, keepdim, result: _amax_backward(grad, self, dim, keepdim, result))
def _amax(self, dim, keepdim):
    return _extreme_reduce(self, dim, keepdim, _greater)


def _extreme_reduce(x, dim, keepdim, better):
    """amax/amin: the values of _arg_best over dim."""
    found = _extreme_rows(x, reduced_dims(x, dim), better)
    if found is not None:
        return Tensor._make(found[0], _out_shape(x, reduced_dims(x, dim), keepdim), x.dtype)
    return _reduce(x, dim, keepdim, lambda row: row[_arg_best(row, better)], x.dtype)


@op("AminBackward0", name="amin",
    result=lambda self_t, self, dim, keepdim, result: _amaxamin_jvp(self, self_t, result, dim, keepdim),
    self=lambda grad, self, dim, keepdim, result: _amax_backward(grad, self, dim, keepdim, result))
def _amin(self, dim, keepdim):
    return _extreme_reduce(self, dim, keepdim, _less)


@op(name="amax", forms="torch Tensor")
def amax(input, dim=(), keepdim=False):
    return _amax(input, reduced_dims(input, dim), keepdim)


@op(name="amin", forms="torch Tensor")
def amin(input, dim=(), keepdim=False):
    return _amin(input, reduced_dims(input, dim), keepdim)


def _arg(x, dim, keepdim, better, name):
    if dim is None:
        if x.numel() == 0:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0.")
        found = _extreme_rows(x, tuple(range(x.dim())), better)
        best = found[1][0] if found is not None else _arg_best(x._flat(), better)
        return from_values([best], (1,) * x.dim() if keepdim else (), _dtype.int64)
    d = wrap_dim(dim, max_ndim(x))
    _check_dim_nonempty(x, name, d)
    return _extreme_dim(x, d, keepdim, better)[1]


@op(name="argmax", forms="torch Tensor")
def argmax(input, dim=None, keepdim=False):
    return _arg(input, dim, keepdim, _greater, "argmax")


@op(name="argmin", forms="torch Tensor")
def argmin(input, dim=None, keepdim=False):
    return _arg(input, dim, keepdim, _less, "argmin")


# ---- var, std, norm -------------------------------------------------------------------------

def _correction(dim, unbiased, correction):
    """The correction var/std's node keeps: None for a call with none of dim, unbiased and correction
    (PyTorch's var(self) overload; it means 1)."""
    if correction is not None:
        return correction
    if dim is None and unbiased is None:
        return None
    return 1 if unbiased is None or unbiased else 0


def _var_row(row, correction, dtype):
    """Variance with Welford's update in float64, rounded once (placeholder until _aten)."""
    n = len(row)
    mean = 0.0
    m2 = 0.0
    for i, v in enumerate(row, 1):
        delta = v - mean
        mean += delta / i
        m2 += delta * (v - mean)
    dof = n - correction
    if dof <= 0:
        return math.nan if m2 == 0 or n == 0 else (math.inf if dof == 0 else -m2 / -dof)
    return _round_fn(dtype)(m2 / dof)


def _dof_warning(x, dims, correction, name):
    n = numel_of([x._shape[d] for d in dims])
    if n - correction <= 0:
        warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor "
             "(input numel divided by output numel). (Triggered internally at "
             "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)")


def _var_values(x, dim, correction, keepdim, name, caller=None):
    """var or std (``name``) of x, for torch.<caller> (default: name)."""
    correction = 1 if correction is None else correction
    dtype = _mean_dtype(x, None, name)
    dims = reduced_dims(x, dim)
    _dof_warning(x, dims, correction, caller or name)
    if dtype is _float32:
        return _exact(exact.var if name == "var" else exact.std, x, dim, keepdim, correction=correction)
    values = [_var_row(row, correction, dtype) for row in _rows(x, dims, dtype)]
    return from_values(values, _out_shape(x, dims, keepdim), dtype)


def _var_backward(grad, x, dim, correction, keepdim):
    n = _count(x, dim)
    g = unsqueeze_to(grad, x, dim, keepdim)
    return (2.0 / (n - (1 if correction is None else correction))) * g * (x - x.mean(reduced_dims(x, dim), True))


@op("VarBackward0", name="var.correction",
    result=lambda self_t, self, dim, correction, keepdim: _reduce_sum(_var_backward(self_t, self, dim, correction, True), self, dim, keepdim), self=lambda grad, self, dim, correction, keepdim: _var_backward(
    grad, self, dim, correction, keepdim))
def _var(self, dim, correction, keepdim):
    return _var_values(self, dim, correction, keepdim, "var")


@op("StdBackward0", name="std.correction",
    result=lambda self_t, self, dim, correction, keepdim, result: (_reduce_sum(_var_backward(self_t, self, dim, correction, True), self, dim, keepdim) / (2 * result)).masked_fill(result == 0, 0), self=lambda grad, self, dim, correction, keepdim, result: _var_backward(
    grad / (2 * result), self, dim, correction, keepdim))
def _std(self, dim, correction, keepdim):
    return _std_values(self, dim, correction, keepdim)


def _std_values(x, dim, correction, keepdim, caller="std"):
    if x.dtype is _float32:
        return _var_values(x, dim, correction, keepdim, "std", caller)
    return unary("sqrt", _var_values(x, dim, correction, keepdim, "var", caller))


def _var_args(dim, unbiased, keepdim, correction):
    if isinstance(dim, bool):  # var(unbiased) legacy form
        return None, dim, keepdim, correction
    return (dim,) if _is_int_dim(dim) else dim, unbiased, keepdim, correction  # (ATen's int[]: the node shows it)


@op(name="var", forms="torch Tensor")
def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased, keepdim, correction = _var_args(dim, unbiased, keepdim, correction)
    return _var(input, dim, _correction(dim, unbiased, correction), keepdim)


@op(name="std", forms="torch Tensor")
def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased, keepdim, correction = _var_args(dim, unbiased, keepdim, correction)
    return _std(input, dim, _correction(dim, unbiased, correction), keepdim)


def _welford_mean(x, dim, keepdim):
    """The mean var_mean and std_mean give: the variance kernel's running (Welford) mean in float64,
    rounded once; not mean()'s sum (it differs in the last bit, and is nan once an inf meets a
    finite value after it)."""
    dims = reduced_dims(x, dim)
    values = []
    for row in _rows(x, dims, _float64):
        m = math.nan if not row else 0.0
        for count, v in enumerate(row, 1):
            m += (v - m) / count
        values.append(m)
    return from_values(values, _out_shape(x, dims, keepdim), x.dtype)


def _mean_backward(grad, x, dim, keepdim):
    return unsqueeze_to(grad, x, dim, keepdim) / _count(x, dim)


@op("VarMeanBackward0", name="var_mean.correction",
    result=lambda self_t, self, dim, correction, keepdim: (
        _reduce_sum(_var_backward(self_t, self, dim, correction, True), self, dim, keepdim),
        _reduce_sum(self_t, self, dim, keepdim) / _count(self, dim)),
    self=lambda grads, self, dim, correction, keepdim: _sum_defined(
        grads[0] is not None and _var_backward(grads[0], self, dim, correction, keepdim),
        grads[1] is not None and _mean_backward(grads[1], self, dim, keepdim)))
def _var_mean(self, dim, correction, keepdim):
    return _var_values(self, dim, correction, keepdim, "var", "var_mean"), _welford_mean(self, dim, keepdim)


@op("StdMeanBackward0", name="std_mean.correction",
    result=lambda self_t, self, dim, correction, keepdim, result: (
        (_reduce_sum(_var_backward(self_t, self, dim, correction, True), self, dim, keepdim) / (2 * result[0]))
        .masked_fill(result[0] == 0, 0),
        _reduce_sum(self_t, self, dim, keepdim) / _count(self, dim)),
    self=lambda grads, self, dim, correction, keepdim, result: _sum_defined(
        grads[0] is not None and _var_backward(grads[0] / (2 * result[0]), self, dim, correction, keepdim),
        grads[1] is not None and _mean_backward(grads[1], self, dim, keepdim)))
def _std_mean(self, dim, correction, keepdim):
    return _std_values(self, dim, correction, keepdim, "std_mean"), _welford_mean(self, dim, keepdim)


def _sum_defined(*grads):
    """The sum of the gradients an output gave (False for one that gave none)."""
    defined = [g for g in grads if g is not False]
    return defined[0] if len(defined) == 1 else defined[0] + defined[1]


@op(name="var_mean", forms="torch")
def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased, keepdim, correction = _var_args(dim, unbiased, keepdim, correction)
    return _var_mean(input, dim, _correction(dim, unbiased, correction), keepdim)


@op(name="std_mean", forms="torch")
def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased, keepdim, correction = _var_args(dim, unbiased, keepdim, correction)
    return _std_mean(input, dim, _correction(dim, unbiased, correction), keepdim)


def _norm_row(row, p, dtype):
    r = _round_fn(dtype)
    if p == 2:
        return r(math.sqrt(math.fsum(v * v for v in row)))
    if p in (math.inf, -math.inf):  # the largest (smallest) |v|; a nan anywhere gives nan
        if _builtins.any(v != v for v in row):
            return math.nan
        return (builtins_max if p > 0 else builtins_min)((abs(v) for v in row), default=0.0 if p > 0 else math.inf)
    if p == 0:
        return float(builtins_sum(1 for v in row if v != 0))
    # PyTorch's NormOps: one accumulator in the dtype, in order; |v|**p and the root in the dtype too
    acc = 0.0
    if p == 1:
        for v in row:
            acc = r(acc + abs(v))
        return acc
    for v in row:
        acc = r(acc + r(_pow(abs(v), p)))
    return r(_pow(acc, r(1.0 / p)))


def _pow(a, b):
    try:
        return a ** b
    except OverflowError:
        return math.inf


def _norm_backward(grad, x, p, dim, keepdim, result):
    """PyTorch's norm_backward, step for step (the order of the roundings included)."""
    g = unsqueeze_to(grad, x, dim, keepdim)
    r = unsqueeze_to(result, x, dim, keepdim)
    if p == 2:
        return g * (x / r).masked_fill(r == 0, 0)
    if p == 1:
        return x.sgn() * g
    if p in (math.inf, -math.inf):
        mask = (x.abs() == r) | x.isnan()
        return x.sgn() * ((g / unsqueeze_to(mask.sum(reduced_dims(x, dim), True), x, dim, True)) * mask)
    if p < 1:
        return x.sgn() * x.abs().pow(p - 1).masked_fill(x == 0, 0) * g * r.pow(1 - p)
    scale = (g / r.pow(p - 1)).masked_fill(r == 0, 0)
    return (x.sgn() * x.abs().pow(p - 1) if p < 2 else x * x.abs().pow(p - 2)) * scale


@op("LinalgVectorNormBackward0", name="linalg_vector_norm",
    result=lambda self_t, self, ord, dim, keepdim, result: _norm_jvp(self, self_t, ord, result, dim, keepdim),
    self=lambda grad, self, ord, dim, keepdim, result: _norm_backward(
    grad, self, ord, dim, keepdim, result))
def _vector_norm(self, ord, dim, keepdim):
    dtype = self.dtype
    if dtype.kind != "f":
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. "
                           f"Got {type_name(dtype)}")
    if ord == 2 and dtype is _float32:
        return _exact(exact.norm, self, dim, keepdim)
    return _reduce(self, dim, keepdim, lambda row: _norm_row(row, ord, dtype), dtype)


@op("NormBackward1", name="norm.ScalarOpt_dim",
    result=lambda self_t, self, p, dim, keepdim, result: _norm_jvp(self, self_t, p, result, dim, keepdim), self=lambda grad, self, p, dim, keepdim, result: _norm_backward(
    grad, self, p, dim, keepdim, result))
def norm_dim(self, p, dim, keepdim):
    """at::norm(self, p, dim, keepdim), the node of PyTorch's C++ callers (pairwise_distance)."""
    return _vector_norm.forward(self, float(p), dim, keepdim)


@op("NormBackward0", name="norm.Scalar",
    result=lambda self_t, self, p, result: _norm_jvp(self, self_t, p, result, None, False), self=lambda grad, self, p, result: _norm_backward(
    grad, self, p, None, False, result))
def norm_all(self, p):
    """at::norm(self, p) over every element (PyTorch's C++ callers: norm_except_dim)."""
    return _vector_norm.forward(self, float(p), None, False)


def norm_except_dim(v, pow=2, dim=0):
    """The norm over every dim but dim, shaped to broadcast against v (dim=-1: over all of v)."""
    if dim == -1:
        return norm_all(v, pow)
    if dim == 0:
        rows = norm_dim(v.contiguous().view(v.shape[0], -1), pow, (1,), False)
        return rows.view([v.shape[0]] + [1] * (v.dim() - 1))
    if dim == v.dim() - 1:
        columns = norm_dim(v.contiguous().view(-1, v.shape[-1]), pow, (0,), False)
        return columns.view([1] * (v.dim() - 1) + [v.shape[-1]])
    return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


@op("DistBackward0", name="dist",
    result=lambda self_t, other_t, self, other, p, result: _norm_jvp(self - other, self_t - other_t, p, result, None, False),
    self=lambda grad, self, other, p, result: _norm_backward(grad, self - other, p, None, False, result),
    other=lambda grad, self, other, p, result: -_norm_backward(grad, self - other, p, None, False, result))
def _dist(self, other, p):
    with no_grad():
        return _vector_norm.forward(self - other, p, None, False)


@op(name="dist", forms="torch Tensor")
def dist(input, other, p=2):
    return _dist(input, other, p)


@op(name="norm", forms="torch Tensor")
def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    if p is None or p == "fro":
        p = 2
    if isinstance(dim, int):
        dim = (dim,)
    return _vector_norm(input, p, dim, keepdim)


# ---- cumulative ----------------------------------------------------------------------------

def _scan(x, dim, step, dtype, start=None):
    """Running step(acc, value) along dim, from ``start`` (default: the first value); a 0-d x is
    copied."""
    d = wrap_dim(dim, max_ndim(x))
    if not x._shape:
        return from_values(x._flat(), (), dtype)
    order = [i for i in range(x.dim()) if i != d] + [d]
    rows = _rows(x, (d,), dtype) if x.dim() else [x._flat()]
    out = []
    for row in rows:
        acc = start
        for v in row:
            acc = v if acc is None else step(acc, v)
            out.append(acc)
    return moved_back(out, x, order, dtype)


def moved_back(values, x, order, dtype):
    """A tensor of x's shape from ``values`` laid out in x's dims permuted by ``order``."""
    t = from_values(values, tuple(x._shape[i] for i in order), dtype)
    inv = _inverse(order)
    return new_tensor(B.take(t._storage.buf, 0, x._shape, tuple(t._stride[i] for i in inv)), x._shape, dtype)


def exact_along(kernel, x, dim):
    """A float32 _aten kernel over ``dim`` that keeps x's shape (cumsum, softmax ...)."""
    return new_tensor(kernel(x._buf(), x._shape, dim), x._shape, _float32)


def _cum_dtype(x, dtype):
    return dtype or (_dtype.int64 if x.dtype.kind in "biu" else x.dtype)


def _cumsum_backward(grad, dim):
    return grad.flip(dim).cumsum(dim).flip(dim)


@op("CumsumBackward0", name="cumsum", result="auto_linear", self=lambda grad, dim: _cumsum_backward(grad, dim))
def _cumsum(self, dim, dtype=None):
    dtype = _cum_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        return exact_along(exact.cumsum, self, dim)
    r = _round_fn(dtype)
    return _scan(self, dim, lambda a, b: r(a + b), dtype, start=0)  # (0 + -0. is 0.)


@op(name="cumsum", forms="torch Tensor Tensor_")
def cumsum(input, dim, *, dtype=None):
    return _cumsum(input, wrap_dim(dim, max_ndim(input)), dtype)


def _cumprod_backward(grad, x, dim, result):
    if not bool((x == 0).any()):
        return _cumsum_backward(grad * result, dim) / x
    # x has zeros, so no dividing: d out_i / d x_k = prod(x_j, j < k) * prod(x_j, k < j <= i) for i >= k
    n = x._shape[dim]
    columns = []
    for k in range(n):
        later = x.narrow(dim, k + 1, n - k - 1).cumprod(dim)  # prod(x_j, k < j <= i), i > k
        inner = grad.select(dim, k) + (grad.narrow(dim, k + 1, n - k - 1) * later).sum(dim)
        columns.append(x.narrow(dim, 0, k).prod(dim) * inner)
    return stack(columns, dim)


@op("CumprodBackward0", name="cumprod",
    result=lambda self_t, self, dim, result: _cumprod_jvp(self_t, self, result, dim).to(result.dtype), self=lambda grad, self, dim, result: _cumprod_backward(grad, self, dim, result))
def _cumprod(self, dim, dtype=None):
    dtype = _cum_dtype(self, dtype)
    if dtype is _float32 and self.dtype is _float32:
        return exact_along(exact.cumprod, self, dim)
    r = _round_fn(dtype)
    return _scan(self, dim, lambda a, b: r(a * b), dtype)


@op(name="cumprod", forms="torch Tensor Tensor_")
def cumprod(input, dim, *, dtype=None):
    return _cumprod(input, wrap_dim(dim, max_ndim(input)), dtype)


def _log_add_exp(cum, x):
    """ATen's _log_add_exp_helper(x, cum), in float64 (logcumsumexp accumulates in double)."""
    if cum != cum:
        return cum
    low, high = (cum, x) if cum < x else (x, cum)
    if low != high or math.isfinite(low):
        return glibc_log1p(_exp(low - high)) + high
    return x


def _logcumsumexp_backward(grad, self, result, dim):
    def reverse_logcumsumexp(x):
        return x.flip(dim).logcumsumexp(dim).flip(dim)
    lowest = -_dtype.finfo(grad.dtype).max
    log_abs_grad = grad.abs().log()
    positive = reverse_logcumsumexp(log_abs_grad.masked_fill(grad <= 0, lowest) - result) + self
    negative = reverse_logcumsumexp(log_abs_grad.masked_fill(grad >= 0, lowest) - result) + self
    return positive.exp() - negative.exp()


@op("LogcumsumexpBackward0", name="logcumsumexp",
    result=lambda self_t, self, dim: _logcumsumexp_jvp(self, self_t, dim),
    self=lambda grad, self, dim, result: _logcumsumexp_backward(grad, self, result, dim))
def _logcumsumexp(self, dim):
    if self.dtype.kind != "f":
        raise NotImplementedError(f'"logcumsumexp_out_cpu" not implemented for \'{type_name(self.dtype)}\'')
    return _scan(self, dim, _log_add_exp, self.dtype, start=-math.inf)


@op(name="logcumsumexp", forms="torch Tensor")
def logcumsumexp(input, dim):
    return _logcumsumexp(input, wrap_dim(dim, max_ndim(input)))


# ---- logsumexp, softmax, log_softmax ----------------------------------------------------------

def _logsumexp_row(row, dtype):
    r = _round_fn(dtype)
    if not row:
        return -math.inf
    m = _max_of(row)
    if math.isinf(m):
        m = 0.0
    s = 0.0
    for v in row:
        s = r(s + r(_exp(r(v - m))))
    return r(r(math.log(s) if s > 0 or s != s else -math.inf) + m)


def _max_of(row):
    """The largest value, nan if there is one (PyTorch's amax; Python's max depends on order)."""
    return math.nan if _builtins.any(v != v for v in row) else builtins_max(row)


def _exp(v):
    try:
        return math.exp(v)
    except OverflowError:
        return math.inf


@op("LogsumexpBackward0", name="logsumexp",
    result=lambda self_t, self, dim, keepdim: _logsumexp_jvp(self, self_t, dim, keepdim),
    self=lambda grad, self, dim, keepdim, result: unsqueeze_to(grad, self, dim, keepdim) *
    (self - unsqueeze_to(result, self, dim, keepdim)).exp())
def _logsumexp(self, dim, keepdim):
    dtype = self.dtype if self.dtype.kind == "f" else _dtype.get_default_dtype()
    return _reduce(self, dim, keepdim, lambda row: _logsumexp_row(row, dtype), dtype)


@op(name="logsumexp", forms="torch Tensor")
def logsumexp(input, dim, keepdim=False):
    return _logsumexp(input, reduced_dims(input, dim), keepdim)


# ---- all, any ------------------------------------------------------------------------------

@op(name="all", forms="torch Tensor")
def all(input, dim=None, keepdim=False):
    return _reduce(input, dim, keepdim, lambda row: _builtins.all(row), _dtype.bool_ if input.dtype is not _dtype.uint8 else _dtype.uint8)


@op(name="any", forms="torch Tensor")
def any(input, dim=None, keepdim=False):
    return _reduce(input, dim, keepdim, lambda row: _builtins.any(row), _dtype.bool_ if input.dtype is not _dtype.uint8 else _dtype.uint8)


@op(name="count_nonzero", forms="torch Tensor")
def count_nonzero(input, dim=None):
    return _reduce(input, dim, False, lambda row: builtins_sum(1 for v in row if v), _dtype.int64)
