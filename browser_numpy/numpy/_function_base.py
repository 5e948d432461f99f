"""numpy.lib's function_base as numpy composes it from indexing, ufuncs and reductions (so the bits
agree): gradient, rot90, select, piecewise, delete, insert, extract, place, trim_zeros, sinc,
trapezoid, vectorize, geomspace, flatnonzero, histogram2d."""
import math

from . import _dtypes as D
from . import _functions as F
from . import _ufuncs as U
from ._composites import bincount, flip, logspace, searchsorted
from ._core import BOOL, FLOAT64, INT64, _axis, array, asarray, ndarray, scalar
from ._index_tricks import ravel_multi_index
from ._shape_base import broadcast_arrays, result_type


def flatnonzero(a):
    return F.nonzero(F.ravel(a))[0]


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """numpy's: logspace between the logarithms of |start| and |stop|, the ends set exactly, the sign put back."""
    start, stop = asarray(start), asarray(stop)
    if start.ndim or stop.ndim or axis != 0:
        raise NotImplementedError("numpy.geomspace of arrays is not available in the browser")
    if F.any(U.equal(start, 0)) or F.any(U.equal(stop, 0)):
        raise ValueError("Geometric sequence cannot include zero")
    start, stop = start.astype(FLOAT64), stop.astype(FLOAT64)
    out_sign = U.sign(start)
    start, stop = U.true_divide(start, out_sign), U.true_divide(stop, out_sign)
    result = logspace(float(U.log10(start)), float(U.log10(stop)), num, endpoint)
    if num > 0:
        result[0] = start
        if num > 1 and endpoint:
            result[-1] = stop
    result = U.multiply(result, out_sign)
    return result.astype(dtype) if dtype is not None else result


def gradient(f, *varargs, axis=None, edge_order=1):
    """numpy's second-order central differences inside, one-sided differences of `edge_order` at the ends."""
    f = asarray(f)
    N = f.ndim
    axes = tuple(range(N)) if axis is None else tuple(_axis(ax, N) for ax in (axis if isinstance(axis, tuple) else (axis,)))
    n = len(varargs)
    if n == 0:
        dx = [1.0] * len(axes)
    elif n == 1 and F.ndim(varargs[0]) == 0:
        dx = list(varargs) * len(axes)
    elif n == len(axes):
        dx = list(varargs)
        for i, distances in enumerate(dx):
            distances = asarray(distances)
            if distances.ndim == 0:
                continue
            if distances.ndim != 1:
                raise ValueError("distances must be either scalars or 1d")
            if len(distances) != f.shape[axes[i]]:
                raise ValueError("when 1d, distances must match the length of the corresponding dimension")
            if distances.dtype.kind in "iu":
                distances = distances.astype(FLOAT64)
            diffx = U.subtract(distances[1:], distances[:-1])
            dx[i] = diffx[0] if F.all(U.equal(diffx, diffx[0])) else diffx
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    otype = f.dtype
    if otype.kind != "f":
        f = f.astype(FLOAT64)
        otype = FLOAT64
    outvals = []
    for ax, ax_dx in zip(axes, dx):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                             "elements are required.")
        out = F.empty(f.shape, otype)

        def along(sl):
            return tuple(sl if d == ax else slice(None) for d in range(N))

        def along_axis(coefficients):  # one per position along the axis, as numpy reshapes them
            return coefficients.reshape(tuple(-1 if d == ax else 1 for d in range(N)))
        uniform = F.ndim(ax_dx) == 0
        if uniform:
            out[along(slice(1, -1))] = (f[along(slice(2, None))] - f[along(slice(None, -2))]) / (2. * ax_dx)
        else:
            dx1, dx2 = ax_dx[0:-1], ax_dx[1:]
            a = along_axis(-(dx2) / (dx1 * (dx1 + dx2)))
            b = along_axis((dx2 - dx1) / (dx1 * dx2))
            c = along_axis(dx1 / (dx2 * (dx1 + dx2)))
            out[along(slice(1, -1))] = a * f[along(slice(None, -2))] + b * f[along(slice(1, -1))] + \
                c * f[along(slice(2, None))]
        if edge_order == 1:
            out[along(0)] = (f[along(1)] - f[along(0)]) / (ax_dx if uniform else ax_dx[0])
            out[along(-1)] = (f[along(-1)] - f[along(-2)]) / (ax_dx if uniform else ax_dx[-1])
        else:
            if uniform:
                a, b, c = -1.5 / ax_dx, 2. / ax_dx, -0.5 / ax_dx
            else:
                dx1, dx2 = ax_dx[0], ax_dx[1]
                a = -(2. * dx1 + dx2) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = - dx1 / (dx2 * (dx1 + dx2))
            out[along(0)] = a * f[along(0)] + b * f[along(1)] + c * f[along(2)]
            if uniform:
                a, b, c = 0.5 / ax_dx, -2. / ax_dx, 1.5 / ax_dx
            else:
                dx1, dx2 = ax_dx[-2], ax_dx[-1]
                a = (dx2) / (dx1 * (dx1 + dx2))
                b = - (dx2 + dx1) / (dx1 * dx2)
                c = (2. * dx2 + dx1) / (dx2 * (dx1 + dx2))
            out[along(-1)] = a * f[along(-3)] + b * f[along(-2)] + c * f[along(-1)]
        outvals.append(out)
    return outvals[0] if len(axes) == 1 else tuple(outvals)


def rot90(m, k=1, axes=(0, 1)):
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    m = asarray(m)
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError("Axes must be different.")
    if axes[0] >= m.ndim or axes[0] < -m.ndim or axes[1] >= m.ndim or axes[1] < -m.ndim:
        raise ValueError(f"Axes={axes} out of range for array of ndim={m.ndim}.")
    k %= 4
    if k == 0:
        return m[:]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    order = list(range(m.ndim))
    order[axes[0]], order[axes[1]] = order[axes[1]], order[axes[0]]
    return F.transpose(flip(m, axes[1]), order) if k == 1 else flip(F.transpose(m, order), axes[1])


def select(condlist, choicelist, default=0):
    """numpy's: the default everywhere, then each choice written where its condition holds, last to first."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choicelist = [c if type(c) in (int, float, complex) else asarray(c) for c in choicelist]
    choicelist.append(default if type(default) in (int, float, complex) else asarray(default))
    dtype = result_type(*choicelist)
    condlist = broadcast_arrays(*condlist)
    choicelist = broadcast_arrays(*choicelist)
    for i, cond in enumerate(condlist):
        if cond.dtype is not BOOL:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    shape = condlist[0].shape if choicelist[0].ndim == 0 else broadcast_arrays(condlist[0], choicelist[0])[0].shape
    result = F.full(shape, choicelist[-1], dtype)
    for choice, cond in zip(choicelist[-2::-1], condlist[::-1]):
        result[...] = F.where(cond, choice, result)
    return result


def piecewise(x, condlist, funclist, *args, **kw):
    x = asarray(x)
    shape = x.shape
    n2 = len(funclist)
    if isinstance(condlist, (bool, ndarray)) and asarray(condlist).ndim == 0 or \
            not isinstance(condlist[0], (list, ndarray)) and x.ndim != 0:
        condlist = [condlist]
    condlist = asarray([asarray(c).astype(bool) for c in condlist]) if not isinstance(condlist, ndarray) else \
        condlist.astype(bool)
    n = len(condlist)
    if n == n2 - 1:  # the "otherwise" condition
        condelse = U.logical_not(F.any(condlist, axis=0, keepdims=True))
        condlist = F.concatenate([condlist, condelse], axis=0)
        n += 1
    elif n != n2:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    if x.ndim == 0:  # (numpy's boolean index of a 0-d array, as a 1-element one)
        x, condlist = x.reshape(1), condlist.reshape(n, 1)
    y = F.zeros_like(x)
    for cond, func in zip(condlist, funclist):
        if not callable(func):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y.reshape(shape)


def _along_axis(arr, axis):
    """(array, axis) as numpy's delete/insert take them: the flattened array when axis is None."""
    arr = asarray(arr)
    if axis is None:
        arr = arr.ravel() if arr.ndim != 1 else arr
        return arr, arr.ndim - 1
    return arr, _axis(axis, arr.ndim)


def delete(arr, obj, axis=None):
    arr, axis = _along_axis(arr, axis)
    N = arr.shape[axis]
    as_array = None if isinstance(obj, slice) else asarray(obj)
    if as_array is None:
        keep = F.ones(N, bool)
        keep[obj] = False
    elif not isinstance(obj, bool) and as_array.size == 1 and as_array.dtype.kind in "iu":
        index = int(as_array.ravel()[0])
        if index < -N or index >= N:
            raise IndexError(f"index {index} is out of bounds for axis {axis} with size {N}")
        keep = F.ones(N, bool)
        keep[index] = False
    elif as_array.dtype is BOOL:
        if as_array.shape != (N,):
            raise ValueError("boolean array argument obj to delete must be one dimensional and match the axis "
                             f"length of {N}")
        keep = U.logical_not(as_array)
    else:
        keep = F.ones(N, bool)
        keep[as_array.astype(INT64) if as_array.size == 0 else as_array] = False
    return arr[tuple(keep if d == axis else slice(None) for d in range(arr.ndim))]


def insert(arr, obj, values, axis=None):
    arr, axis = _along_axis(arr, axis)
    ndim = arr.ndim
    N = arr.shape[axis]
    shape = list(arr.shape)

    def at(sl):
        return tuple(sl if d == axis else slice(None) for d in range(ndim))
    if isinstance(obj, slice):
        indices = F.arange(*obj.indices(N))
    else:
        indices = array(obj)
        if indices.dtype is BOOL:
            if indices.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            indices = flatnonzero(indices)
        elif indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if indices.size == 1:
        index = indices.item()
        if index < -N or index > N:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {N}")
        if index < 0:
            index += N
        values = array(values, ndmin=ndim, dtype=arr.dtype)
        if indices.ndim == 0:
            values = F.moveaxis(values, 0, axis)
        numnew = values.shape[axis]
        shape[axis] += numnew
        new = F.empty(tuple(shape), arr.dtype)
        new[at(slice(None, index))] = arr[at(slice(None, index))]
        new[at(slice(index, index + numnew))] = values
        new[at(slice(index + numnew, None))] = arr[at(slice(index, None))]
        return new
    indices = indices.astype(INT64)
    indices = U.add(indices, F.where(U.less(indices, 0), N, 0))
    numnew = len(indices)
    order = F.argsort(indices)  # stable, as numpy's mergesort
    indices[order] = U.add(indices[order], F.arange(numnew))
    shape[axis] += numnew
    old_mask = F.ones(shape[axis], bool)
    old_mask[indices] = False
    new = F.empty(tuple(shape), arr.dtype)
    new[at(indices)] = values
    new[at(old_mask)] = arr
    return new


def extract(condition, arr):
    return F.ravel(arr)[flatnonzero(condition)]


def place(arr, mask, vals):
    """numpy's: the masked positions of arr (flattened) take vals in order, repeated as needed."""
    if not isinstance(arr, ndarray):
        raise TypeError(f"place() argument 1 must be numpy.ndarray, not {type(arr).__name__}")
    hits = flatnonzero(mask)._values()
    vals = asarray(vals).astype(arr.dtype).ravel()._values()
    if hits and not vals:
        raise ValueError("Cannot insert from an empty array!")
    positions = arr._flat_positions()
    for i, p in enumerate(hits):
        arr._buf[positions[p]] = vals[i % len(vals)]


def trim_zeros(filt, trim="fb", axis=None):
    filt_ = asarray(filt)
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    axes = tuple(range(filt_.ndim)) if axis is None else \
        tuple(_axis(ax, filt_.ndim) for ax in (axis if isinstance(axis, tuple) else (axis,)))
    if not axes:
        return filt
    nonzero = F.argwhere(filt_)
    if nonzero.size == 0:
        start = stop = [0] * filt_.ndim
    else:
        start = F.amin(nonzero, axis=0).tolist() if "f" in trim else [None] * filt_.ndim
        stop = [v + 1 for v in F.amax(nonzero, axis=0).tolist()] if "b" in trim else [None] * filt_.ndim
    sl = tuple(slice(start[ax], stop[ax]) if ax in axes else slice(None) for ax in range(filt_.ndim))
    return filt[sl[0]] if len(sl) == 1 else filt[sl]


def sinc(x):
    """numpy's: sin(pi * y) / (pi * y) with y = x, or 1e-20 where x is 0."""
    x = asarray(x)
    y = U.multiply(math.pi, F.where(U.equal(x, 0), 1.0e-20, x))
    return U.true_divide(U.sin(y), y)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = asarray(y)
    nd = y.ndim
    axis = _axis(axis, nd)

    def at(sl):
        return tuple(sl if d == axis else slice(None) for d in range(nd))
    if x is None:
        d = dx
    else:
        x = asarray(x)
        d = U.subtract(x[1:], x[:-1]) if x.ndim == 1 else U.subtract(x[at(slice(1, None))], x[at(slice(None, -1))])
        if x.ndim == 1:
            d = d.reshape(tuple(-1 if i == axis else 1 for i in range(nd)))
    return F.sum(U.true_divide(U.multiply(d, U.add(y[at(slice(1, None))], y[at(slice(None, -1))])), 2.0), axis=axis)


class vectorize:
    """numpy's vectorize: pyfunc called per element of the broadcast inputs; the output's dtype is
    `otypes` or that of the first call's result (the first element is computed twice, as numpy does)."""

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if signature is not None:
            raise NotImplementedError("numpy.vectorize(signature=) is not available in the browser")
        self.pyfunc = pyfunc
        self.excluded = set(excluded or ())
        if isinstance(otypes, str):
            otypes = [D._as_dtype(c) for c in otypes]
        elif otypes is not None:
            otypes = [D._as_dtype(t) for t in otypes]
        self.otypes = otypes
        self.__doc__ = pyfunc.__doc__ if doc is None and pyfunc is not None else doc

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:  # used as @vectorize(otypes=...)
            self.pyfunc = args[0]
            return self
        positional = [i for i in range(len(args)) if i not in self.excluded]
        names = [k for k in kwargs if k not in self.excluded]
        arrays = [asarray(args[i]) for i in positional] + [asarray(kwargs[k]) for k in names]
        if not arrays:
            return self.pyfunc(*args, **kwargs)
        arrays = broadcast_arrays(*arrays)
        shape = arrays[0].shape
        columns = [a._values() for a in arrays]
        size = len(columns[0])

        def call(i):
            call_args = list(args)
            for j, p in enumerate(positional):
                call_args[p] = scalar(columns[j][i], arrays[j].dtype)
            call_kwargs = dict(kwargs)
            for j, k in enumerate(names, len(positional)):
                call_kwargs[k] = scalar(columns[j][i], arrays[j].dtype)
            return self.pyfunc(*call_args, **call_kwargs)
        otypes = self.otypes
        if otypes is None:
            if size == 0:
                raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
            first = call(0)
            otypes = [asarray(o).dtype for o in (first if isinstance(first, tuple) else (first,))]
        results = [call(i) for i in range(size)]
        if len(otypes) == 1:
            return self._output(results, shape, otypes[0])
        return tuple(self._output([r[k] for r in results], shape, dt) for k, dt in enumerate(otypes))

    @staticmethod
    def _output(values, shape, dt):
        return array(values, dtype=dt).reshape(shape) if values else F.empty(shape, dt)


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """numpy's histogramdd for two variables and numbers of bins: edges over each variable's range (in
    the data's float type when it is the data's), a sample counted in the bin searchsorted finds (the
    last edge in the last bin)."""
    if density or weights is not None:
        raise NotImplementedError("numpy.histogram2d with density= or weights= is not available in the browser")
    x, y = asarray(x).ravel(), asarray(y).ravel()
    if x.size != y.size:
        raise ValueError("x and y must have the same length.")
    sample_dt = D.promote_types(x._dtype, y._dtype)  # (numpy stacks them into one sample array)
    x, y = x.astype(sample_dt), y.astype(sample_dt)
    bins = [bins, bins] if not isinstance(bins, (list, tuple)) else list(bins)
    if len(bins) != 2 or not all(isinstance(b, int) for b in bins):
        raise NotImplementedError("numpy.histogram2d with bin edges is not available in the browser; pass numbers of "
                                  "bins")
    ranges = range if range is not None else [None, None]
    edges, counts = [], []
    for i, (sample, n) in enumerate(zip((x, y), bins)):
        if n < 1:
            raise ValueError(f"`bins[{i}]` must be positive, when an integer")
        first, last = F._outer_edges(sample, ranges[i])
        edge = F.linspace(first, last, n + 1)
        found = searchsorted(edge, sample, side="right")
        counts.append(U.subtract(found, U.equal(sample, edge[-1])))
        edges.append(edge)
    shape = (bins[0] + 2, bins[1] + 2)
    flat = ravel_multi_index(tuple(counts), shape) if x.size else F.zeros(0, INT64)
    hist = bincount(flat, minlength=shape[0] * shape[1]).reshape(shape).astype(FLOAT64)
    return hist[1:-1, 1:-1].copy(), edges[0], edges[1]
