"""numpy functions composed from this numpy's primitives (indexing views, ufuncs, reductions),
each as numpy composes it so the bits agree: flips and diagonals are views or index gathers,
diff is a[1:] - a[:-1], cumprod multiplies in order, isclose is numpy's formula, nan*
reductions replace NaN as numpy does; finfo/iinfo, errstate and the names numpy 2 removed."""
import bisect
import math

from . import _dtypes as D
from . import _functions as F
from . import _ufuncs as U
from ._core import BOOL, FLOAT64, INT64, _axis, _from_values, array, asarray, scalar


def _slice_along(ndim, axis, sl):
    return tuple(sl if d == axis else slice(None) for d in range(ndim))


def flip(m, axis=None):
    m = asarray(m)
    axes = range(m.ndim) if axis is None else [_axis(a, m.ndim) for a in (axis if isinstance(axis, tuple) else (axis,))]
    return m[tuple(slice(None, None, -1) if d in axes else slice(None) for d in range(m.ndim))]


def flipud(m):
    return flip(m, 0)


def fliplr(m):
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(m, 1)


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = asarray(a)
    if a.ndim != 2 or (axis1, axis2) != (0, 1):
        raise NotImplementedError("numpy.diagonal of other than a matrix's first two axes is not available in the browser")
    rows, cols = a.shape
    start_r, start_c = (0, offset) if offset >= 0 else (-offset, 0)
    n = max(0, min(rows - start_r, cols - start_c))
    return a[list(range(start_r, start_r + n)), list(range(start_c, start_c + n))] if n else \
        _from_values([], (0,), a.dtype)


def diag(v, k=0):
    v = asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        out = F.zeros((n, n), v.dtype)
        if v.shape[0]:
            rows = [i + max(-k, 0) for i in range(v.shape[0])]
            out[rows, [r + k for r in rows]] = v
        return out
    if v.ndim == 2:
        return diagonal(v, k)
    raise ValueError("Input must be 1- or 2-d.")


def trace(a, offset=0, dtype=None):
    return F.sum(diagonal(asarray(a), offset), dtype=dtype)


def _tri_mask(shape, k, lower):
    rows, cols = shape[-2:]
    values = [(j - i <= k) if lower else (j - i >= k) for i in range(rows) for j in range(cols)]
    return _from_values(values, (rows, cols), BOOL)


def tril(m, k=0):
    m = asarray(m)
    return F.where(_tri_mask(m.shape, k, True), m, F.zeros(1, m.dtype))


def triu(m, k=0):
    m = asarray(m)
    return F.where(_tri_mask(m.shape, k, False), m, F.zeros(1, m.dtype))


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    counts = [int(repeats)] * n if not hasattr(repeats, "__len__") else [int(r) for r in repeats]
    if len(counts) != n:
        raise ValueError(f"operands could not be broadcast together with shape ({n},) ({len(counts)},)")
    index = [i for i, c in enumerate(counts) for _ in range(c)]
    return take(a, index, axis)


def tile(a, reps):
    a = asarray(a)
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    ndim = max(a.ndim, len(reps))
    a = a.reshape((1,) * (ndim - a.ndim) + a.shape)
    reps = (1,) * (ndim - len(reps)) + reps
    for axis, r in enumerate(reps):
        if r != 1:
            a = F.concatenate([a] * r, axis=axis) if r else take(a, [], axis)
    return a.copy() if all(r == 1 for r in reps) else a


def roll(a, shift, axis=None):
    """numpy's: the elements shifted along each axis (over the flattened array when axis is None)."""
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) != len(axes):
        if len(shifts) != 1 and len(axes) != 1:
            raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
        shifts, axes = shifts * len(axes) if len(shifts) == 1 else shifts, axes * len(shifts) if len(axes) == 1 else axes
    total = {}
    for s, ax in zip(shifts, axes):
        ax = _axis(ax, a.ndim)
        total[ax] = total.get(ax, 0) + int(s)
    for ax, s in total.items():
        n = a.shape[ax]
        if n:
            a = take(a, [(i - s) % n for i in range(n)], ax)
    return a.copy() if not total or a.base is not None else a


def _pad_widths(pad_width, ndim, name="pad_width"):
    """numpy's np.broadcast_to(pad_width, (ndim, 2)) of a pad width or of constant values."""
    def pairs(value):
        value = value.tolist() if hasattr(value, "tolist") else value
        if not isinstance(value, (tuple, list)):
            return [(value, value)] * ndim
        if len(value) == 1 and isinstance(value[0], (tuple, list)):
            value = value[0]
        if all(not isinstance(v, (tuple, list)) for v in value):
            if len(value) == 1:
                return [(value[0], value[0])] * ndim
            if len(value) == 2:
                return [tuple(value)] * ndim
        elif len(value) == ndim and all(isinstance(v, (tuple, list)) and len(v) in (1, 2) for v in value):
            return [(v[0], v[-1]) for v in value]
        elif len(value) == 1:
            return pairs(value[0])
        shape = asarray(value).shape
        raise ValueError(f"operands could not be broadcast together with remapped shapes [original->remapped]: "
                         f"{_shape_text(shape)}  and requested shape ({ndim},2)")
    return pairs(pad_width)


def _shape_text(shape):
    return "(" + ",".join(str(s) for s in shape) + (",)" if len(shape) == 1 else ")")


_PAD_INDEX = {  # where a padded position i (from -before to n + after) reads from, along an axis of size n
    "edge": lambda i, n: min(max(i, 0), n - 1),
    "wrap": lambda i, n: i % n,
    "reflect": lambda i, n: (lambda j: j if j < n else 2 * (n - 1) - j)(i % (2 * (n - 1))) if n > 1 else 0,
    "symmetric": lambda i, n: (lambda j: j if j < n else 2 * n - 1 - j)(i % (2 * n)),
}


def pad(array, pad_width, mode="constant", **kwargs):
    """numpy's pad for the modes 'constant' (constant_values), 'edge', 'reflect', 'symmetric' and
    'wrap', one axis after another as numpy pads (so later axes' constants fill the corners)."""
    a = asarray(array)
    widths = []
    for before, after in _pad_widths(pad_width, a.ndim):
        if isinstance(before, float) or isinstance(after, float):
            raise TypeError("`pad_width` must be of integral type.")
        if before < 0 or after < 0:
            raise ValueError("index can't contain negative values")
        widths.append((int(before), int(after)))
    allowed = {"constant": {"constant_values"}, "edge": set(), "wrap": set(), "reflect": {"reflect_type"},
               "symmetric": {"reflect_type"}}
    if mode not in allowed:
        if mode in ("empty", "linear_ramp", "maximum", "mean", "median", "minimum") or callable(mode):
            raise NotImplementedError(f"numpy.pad(mode={mode!r}) is not available in the browser; it has the modes "
                                      "'constant', 'edge', 'reflect', 'symmetric' and 'wrap'")
        raise ValueError(f"mode '{mode}' is not supported")
    unsupported = set(kwargs) - allowed[mode]
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    if kwargs.get("reflect_type", "even") != "even":
        raise NotImplementedError("numpy.pad(reflect_type='odd') is not available in the browser")
    if mode == "constant":
        values = _pad_widths(kwargs.get("constant_values", 0), a.ndim, "constant_values")
        for axis, ((before, after), (low, high)) in enumerate(zip(widths, values)):
            parts = []
            for width, value in ((before, low), (after, high)):
                shape = list(a.shape)
                shape[axis] = width
                parts.append(F.full(tuple(shape), value, a.dtype))
            a = F.concatenate([parts[0], a, parts[1]], axis)
        return a
    for axis, (before, after) in enumerate(widths):
        n = a.shape[axis]
        if n == 0 and (before or after):
            raise ValueError(f"can't extend empty axis {axis} using modes other than 'constant' or 'empty'")
        a = take(a, [_PAD_INDEX[mode](i, n) for i in range(-before, n + after)], axis)
    return a.copy() if a.base is not None else a


def take(a, indices, axis=None):
    a = asarray(a)
    if axis is None:
        return a.ravel()[asarray(indices, INT64) if not isinstance(indices, int) else indices]
    axis = _axis(axis, a.ndim)
    index = asarray(indices, INT64) if not isinstance(indices, int) else indices
    return a[_slice_along(a.ndim, axis, index)]


def append(arr, values, axis=None):
    arr = asarray(arr)
    if axis is None:
        return F.concatenate([arr.ravel(), asarray(values).ravel()])
    return F.concatenate([arr, values], axis=axis)


def diff(a, n=1, axis=-1):
    a = asarray(a)
    axis = _axis(axis, a.ndim)
    for _ in range(n):
        later, earlier = a[_slice_along(a.ndim, axis, slice(1, None))], a[_slice_along(a.ndim, axis, slice(None, -1))]
        a = U.not_equal(later, earlier) if a.dtype is BOOL else U.subtract(later, earlier)
    return a


def cumprod(a, axis=None, dtype=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    axis = _axis(axis, a.ndim)
    dt = D._as_dtype(dtype) if dtype is not None else F._sum_dtype(a.dtype)
    moved = F.moveaxis(a, axis, -1)
    n = moved.shape[-1]
    values, cast = [D.caster(dt)(v) for v in moved._values()], D.caster(dt)
    for start in range(0, len(values), max(n, 1)):
        for i in range(start + 1, start + n):
            values[i] = cast(values[i - 1] * values[i])
    return F.moveaxis(_from_values(values, moved.shape, dt), -1, axis)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """numpy's: |a - b| <= atol + rtol * |b| for finite values, equality for infinities."""
    a, b = asarray(a), asarray(b)
    dt = D.promote_types(a.dtype if a.dtype.kind == "f" else FLOAT64, b.dtype if b.dtype.kind == "f" else FLOAT64)
    x, y = a.astype(dt), b.astype(dt)
    finite = U.logical_and(U.isfinite(x), U.isfinite(y))
    with_tol = U.less_equal(U.absolute(U.subtract(x, y)), U.add(atol, U.multiply(rtol, U.absolute(y))))
    result = U.logical_or(U.logical_and(finite, with_tol), U.logical_and(U.logical_not(finite), U.equal(x, y)))
    if equal_nan:
        result = U.logical_or(result, U.logical_and(U.isnan(x), U.isnan(y)))
    return result


def radians(x):
    return U.multiply(x, math.pi / 180.0)


def degrees(x):
    return U.multiply(x, 180.0 / math.pi)


deg2rad, rad2deg = radians, degrees


def logspace(start, stop, num=50, endpoint=True, base=10.0):
    return U.power(base, F.linspace(start, stop, num, endpoint))


def searchsorted(a, v, side="left"):
    a = asarray(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array")
    keys = a._values()
    find = bisect.bisect_left if side == "left" else bisect.bisect_right
    v_arr = asarray(v)
    found = [find(keys, x) for x in v_arr._values()]
    return _from_values(found, v_arr.shape, INT64) if v_arr.ndim else scalar(found[0], INT64)


def digitize(x, bins, right=False):
    bins = asarray(bins)
    values = bins._values()
    if all(p <= q for p, q in zip(values, values[1:])):
        return searchsorted(bins, x, side="left" if right else "right")
    raise NotImplementedError("numpy.digitize with decreasing bins is not available in the browser")


def bincount(x, weights=None, minlength=0):
    x = asarray(x)
    values = x._values()
    if any(v < 0 for v in values):
        raise ValueError("'list' argument must have no negative elements")
    n = max(max(values, default=-1) + 1, minlength)
    if weights is None:
        counts = [0] * n
        for v in values:
            counts[v] += 1
        return _from_values(counts, (n,), INT64)
    totals = [0.0] * n
    for v, w in zip(values, asarray(weights).astype(float)._values()):
        totals[v] += w
    return _from_values(totals, (n,), FLOAT64)


def ptp(a, axis=None, keepdims=False):
    return U.subtract(F.amax(a, axis, keepdims), F.amin(a, axis, keepdims))


def average(a, axis=None, weights=None, returned=False):
    a = asarray(a)
    if weights is None:
        avg = F.mean(a, axis)
        scl = scalar(a.size / (avg.size if hasattr(avg, "size") else 1), FLOAT64)
    else:
        w = asarray(weights)
        if w.shape != a.shape:
            raise NotImplementedError("numpy.average with weights of another shape is not available in the browser")
        dt = D.promote_types(a.dtype if a.dtype.kind == "f" else FLOAT64, w.dtype)
        scl = F.sum(w, axis, dtype=dt)
        avg = U.true_divide(F.sum(U.multiply(a, w), axis, dtype=dt), scl)
    return (avg, scl) if returned else avg


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    x = asarray(x)
    if x.dtype.kind != "f":
        return x.copy() if copy else x
    info = finfo(x.dtype)
    hi = float(info.max) if posinf is None else posinf
    lo = float(info.min) if neginf is None else neginf
    cast = D.caster(x.dtype)
    values = [cast(nan if v != v else hi if v == math.inf else lo if v == -math.inf else v) for v in x._values()]
    result = _from_values(values, x.shape, x.dtype)
    if not copy:
        x[...] = result
        return x
    return result if x.ndim else result[()]


def _without_nan(a, fill):
    a = asarray(a)
    if a.dtype.kind != "f":
        return a
    return F.where(U.isnan(a), fill, a)


def nansum(a, axis=None, keepdims=False):
    return F.sum(_without_nan(a, 0), axis=axis, keepdims=keepdims)


def nanmean(a, axis=None, keepdims=False):
    a = asarray(a)
    count = F.sum(U.logical_not(U.isnan(a)), axis=axis, keepdims=keepdims)
    return U.true_divide(nansum(a, axis, keepdims), count)


def nanmax(a, axis=None, keepdims=False):
    return F.amax(_without_nan(a, -math.inf), axis=axis, keepdims=keepdims)


def nanmin(a, axis=None, keepdims=False):
    return F.amin(_without_nan(a, math.inf), axis=axis, keepdims=keepdims)


# ---------------------------------------------------------------------------------------
# Machine limits

_FINFO = {  # eps, max, tiny (smallest normal), resolution, bits
    "float64": (2.220446049250313e-16, 1.7976931348623157e308, 2.2250738585072014e-308, 1e-15, 64),
    "float32": (1.1920928955078125e-07, 3.4028234663852886e38, 1.1754943508222875e-38, 1e-06, 32),
    "float16": (0.0009765625, 65504.0, 6.103515625e-05, 0.001, 16),
}


class finfo:
    def __init__(self, dtype):
        dt = D._as_dtype(dtype if not isinstance(dtype, float) else float)
        if dt.kind != "f":
            raise ValueError(f"data type {dt.type!r} not inexact")
        self.dtype = dt
        eps, big, tiny, resolution, self.bits = _FINFO[dt.name]
        self.eps, self.max, self.min = scalar(eps, dt), scalar(big, dt), scalar(-big, dt)
        self.tiny = self.smallest_normal = scalar(tiny, dt)
        self.resolution = scalar(resolution, dt)

    def __repr__(self):
        return f"finfo(resolution={self.resolution}, min={self.min}, max={self.max}, dtype={self.dtype})"


class iinfo:
    def __init__(self, int_type):
        dt = D._as_dtype(int_type)
        if dt.kind not in "iu":
            raise ValueError(f"Invalid integer data type {dt.kind!r}.")
        self.dtype, self.bits = dt, dt.itemsize * 8
        self.min, self.max = D.int_range(dt)

    def __repr__(self):
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"


for _cls in (finfo, iinfo):
    _cls.__module__ = "numpy"


# ---------------------------------------------------------------------------------------
# Floating-point error handling: this numpy never warns (see docs/browser-numpy.md), so only
# the settings that ask for nothing ("ignore", "warn", "print") can be honoured.

_ERR_DEFAULTS = {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}
_err = dict(_ERR_DEFAULTS)


def _set_err(all=None, divide=None, over=None, under=None, invalid=None):
    asked = {k: v if v is not None else all for k, v in dict(divide=divide, over=over, under=under,
                                                              invalid=invalid).items()}
    for kind, mode in asked.items():
        if mode in ("raise", "call", "log"):
            raise NotImplementedError(f"numpy.errstate/seterr({kind}={mode!r}) is not available in the browser: "
                                      "this numpy does not detect floating-point errors")
    old = dict(_err)
    _err.update({k: v for k, v in asked.items() if v is not None})
    return old


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    return _set_err(all, divide, over, under, invalid)


def geterr():
    return dict(_err)


class errstate:
    def __init__(self, **kwargs):
        self._kwargs = kwargs

    def __enter__(self):
        self._old = _set_err(**self._kwargs)

    def __exit__(self, *exc):
        _err.clear()
        _err.update(self._old)


# numpy 2 removed these names; it says so with an AttributeError naming the replacement.
REMOVED = {"float_": "Use `np.float64` instead.", "Inf": "Use `np.inf` instead.", "NaN": "Use `np.nan` instead.",
           "infty": "Use `np.inf` instead.", "NINF": "Use `-np.inf` instead.", "PINF": "Use `np.inf` instead.",
           "complex_": "Use `np.complex128` instead.", "alltrue": "Use `np.all` instead.",
           "sometrue": "Use `np.any` instead.", "round_": "Use `np.round` instead.",
           "asfarray": "Use `np.asarray` with a proper dtype instead."}


# ---------------------------------------------------------------------------------------
# More of what teaching programs use, each as numpy composes it

def interp(x, xp, fp, left=None, right=None, period=None):
    """numpy's compiled interp: the segment xp[j] <= x < xp[j + 1], slope * (x - xp[j]) + fp[j]
    (from the right end where that is NaN), fp[j] at an exact xp[j], left/right outside."""
    if period is not None:
        raise NotImplementedError("numpy.interp(period=) is not available in the browser")
    xp_values = [float(v) for v in asarray(xp).astype(FLOAT64)._values()]
    fp_values = [float(v) for v in asarray(fp).astype(FLOAT64)._values()]
    if asarray(xp).ndim != 1 or asarray(fp).ndim != 1:
        raise ValueError("object too deep for desired array")
    if len(fp_values) != len(xp_values):
        raise ValueError("fp and xp are not of the same length.")
    if not xp_values:
        raise ValueError("array of sample points is empty")
    low = fp_values[0] if left is None else float(left)
    high = fp_values[-1] if right is None else float(right)
    n = len(xp_values)
    slopes = [(fp_values[j + 1] - fp_values[j]) / (xp_values[j + 1] - xp_values[j]) if xp_values[j + 1] != xp_values[j]
              else math.copysign(math.inf, fp_values[j + 1] - fp_values[j]) if fp_values[j + 1] != fp_values[j]
              else math.nan for j in range(n - 1)]

    def one(v):
        if v > xp_values[-1]:
            return high
        if v < xp_values[0]:
            return low
        if v != v:
            return v
        j = bisect.bisect_right(xp_values, v) - 1
        if j >= n - 1:
            return fp_values[-1]
        if xp_values[j] == v:
            return fp_values[j]
        slope = slopes[j]
        result = slope * (v - xp_values[j]) + fp_values[j]
        if result != result:
            result = slope * (v - xp_values[j + 1]) + fp_values[j + 1]
            if result != result and fp_values[j] == fp_values[j + 1]:
                result = fp_values[j]
        return result

    x = asarray(x)
    values = [one(float(v)) for v in x.astype(FLOAT64)._values()]
    return _from_values(values, x.shape, FLOAT64) if x.ndim else scalar(values[0], FLOAT64)


def cov(m, y=None, rowvar=True, bias=False, ddof=None):
    """numpy's: the rows (variables) centred on their means, X @ X.T / (N - ddof), squeezed."""
    X = array(m, ndmin=2, dtype=float)
    if X.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        y = array(y, ndmin=2, dtype=float)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        X = F.concatenate((X, y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    avg = F.mean(X, axis=1)
    fact = max(X.shape[1] - ddof, 0)
    X = U.subtract(X, avg[:, None])
    c = F.matmul(X, X.T)
    c = U.multiply(c, U.true_divide(1, fact))
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if c.ndim == 0:
        return U.true_divide(c, c)
    stddev = U.sqrt(diag(c))
    c = U.true_divide(c, stddev[:, None])
    c = U.true_divide(c, stddev[None, :])
    return F.clip(c, -1, 1)


def array_split(ary, indices_or_sections, axis=0):
    ary = asarray(ary)
    axis = _axis(axis, ary.ndim)
    total = ary.shape[axis]
    if hasattr(indices_or_sections, "__len__"):
        bounds = [0, *[int(i) for i in indices_or_sections], total]
    else:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extras = divmod(total, sections)
        sizes = [0] + extras * [each + 1] + (sections - extras) * [each]
        bounds = [sum(sizes[:i + 1]) for i in range(len(sizes))]
    return [ary[_slice_along(ary.ndim, axis, slice(lo, hi))] for lo, hi in zip(bounds, bounds[1:])]


def isin(element, test_elements, assume_unique=False, invert=False):
    element = asarray(element)
    tests = set(asarray(test_elements)._values())
    values = [(v in tests) != invert for v in element._values()]
    return _from_values(values, element.shape, BOOL)


def take_along_axis(arr, indices, axis=-1):
    arr, indices = asarray(arr), asarray(indices)
    if axis is None:
        return arr.ravel()[indices]
    return arr[_along_axis_index(arr, indices, axis)]


def _along_axis_index(arr, indices, axis):
    """The index take_along_axis and put_along_axis use: `indices` along axis, aranges along the others."""
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    axis = _axis(axis, arr.ndim)
    fancy = []
    for d in range(arr.ndim):
        if d == axis:
            fancy.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = arr.shape[d]
            fancy.append(F.arange(arr.shape[d]).reshape(shape))
    return tuple(fancy)


def _range_of(item):
    """A slice in np.r_/np.c_/np.mgrid: arange, or linspace for an imaginary step (the count)."""
    start = 0 if item.start is None else item.start
    step = 1 if item.step is None else item.step
    if isinstance(step, complex):
        return F.linspace(start, item.stop, int(abs(step)))
    return F.arange(start, item.stop, step)


class _Concatenator:
    def __init__(self, name):
        self.name = name

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        if any(isinstance(item, str) for item in items):
            raise NotImplementedError(f"numpy.{self.name} with a string directive is not available in the browser")
        arrays = [_range_of(item) if isinstance(item, slice) else asarray(item) for item in items]
        if self.name == "r_":
            return F.concatenate([F.atleast_1d(a) for a in arrays], axis=0)
        columns = [a.reshape(-1, 1) if a.ndim <= 1 else a for a in arrays]
        return F.concatenate(columns, axis=-1)

    def __len__(self):
        return 0


r_, c_ = _Concatenator("r_"), _Concatenator("c_")


class _Grid:
    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        ranges = [_range_of(item) for item in items]
        if not isinstance(key, tuple):
            return ranges[0]
        floats = any(isinstance(v, float) or isinstance(item.step, complex)
                     for item in items for v in (item.start, item.stop, item.step))
        ranges = [r.astype(FLOAT64) if floats else r for r in ranges]
        if self.sparse:
            return tuple(r.reshape(tuple(-1 if d == i else 1 for d in range(len(ranges)))) for i, r in enumerate(ranges))
        return F.stack(F.meshgrid(*ranges, indexing="ij"))


mgrid, ogrid = _Grid(False), _Grid(True)
