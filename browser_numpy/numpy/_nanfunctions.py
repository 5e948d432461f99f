"""The nan* functions beyond nansum/nanmean/nanmax/nanmin, as numpy composes them: NaN replaced
by the operation's identity (cumsum, cumprod, prod, argmax/argmin), var from the non-NaN count
and a mean of the replaced array, median and quantiles of each group without its NaNs."""
import math

from . import _functions as F
from . import _ufuncs as U
from ._composites import _without_nan, cumprod
from ._core import INT64, asarray, ndarray


def nancumsum(a, axis=None, dtype=None, out=None):
    return F._into(out, F.cumsum(_without_nan(a, 0), axis=axis, dtype=dtype))


def nancumprod(a, axis=None, dtype=None, out=None):
    return F._into(out, cumprod(_without_nan(a, 1), axis=axis, dtype=dtype))


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    return F._into(out, F.prod(_without_nan(a, 1), axis=axis, dtype=dtype, keepdims=keepdims))


def _nanarg(a, axis, keepdims, fill, arg):
    a = asarray(a)
    if a.dtype.kind == "f":
        mask = U.isnan(a)
        if mask.size and F.any(F.all(mask, axis=axis)):
            raise ValueError("All-NaN slice encountered")
        a = F.where(mask, fill, a)
    return arg(a, axis=axis, keepdims=keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    return F._into(out, _nanarg(a, axis, keepdims, -math.inf, F.argmax))


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    return F._into(out, _nanarg(a, axis, keepdims, math.inf, F.argmin))


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return F._into(out, _nanvar(a, axis, dtype, ddof, keepdims))


def _nanvar(a, axis, dtype, ddof, keepdims):
    """numpy's: the mean of the non-NaN values from the sum with NaN as 0 and their count, the squared
    deviations (0 at NaN) summed and divided by count - ddof (NaN where that is not positive)."""
    a = asarray(a)
    if a.dtype.kind != "f":
        return F.var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)
    mask = U.isnan(a)
    arr = F.where(mask, 0, a)
    cnt = F.sum(U.logical_not(mask), axis=axis, dtype=INT64, keepdims=True)
    avg = _divide_by_count(F.sum(arr, axis=axis, dtype=dtype, keepdims=True), cnt)
    arr = F.where(mask, 0, U.subtract(arr, avg).astype(a.dtype))
    var = F.sum(U.multiply(arr, arr), axis=axis, dtype=dtype, keepdims=keepdims)
    if F.ndim(var) < cnt.ndim:
        cnt = cnt.squeeze(axis) if axis is not None else cnt.reshape(())
    dof = U.subtract(cnt, ddof)
    var = _divide_by_count(var, dof)
    bad = U.less_equal(dof, 0)
    if F.any(bad):
        var = F.where(bad, math.nan, var).astype(asarray(var).dtype)
        var = var if var.ndim else var[()]
    return var


def _divide_by_count(a, count):
    """numpy's _divide_by_count: a / count in a's own dtype."""
    result = asarray(U.true_divide(a, count)).astype(asarray(a).dtype)
    return result if isinstance(a, ndarray) and a.ndim else result[()]


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return F._into(out, U.sqrt(_nanvar(a, axis, dtype, ddof, keepdims)))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    a = asarray(a)
    return F._into(out, F._median(a, axis, keepdims, drop_nan=a.dtype.kind == "f"))


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    return F._into(out, F._quantile(a, q, axis, keepdims, method, "nanquantile", drop_nan=True))


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    return F._into(out, F._quantile(a, F._percent(q), axis, keepdims, method, "nanpercentile", drop_nan=True,
                                    weak=type(q) in (int, float)))


