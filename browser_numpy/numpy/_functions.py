"""Creation, shape functions, reductions (numpy's pairwise float sums) and matrix products."""
import bisect
import builtins as _b
import math
import operator
from array import array as _array

from torch._backend import kernels as _kernels  # the engine's wasm loops (float64 ones for this numpy)

from . import _dtypes as D
from ._core import (BOOL, FLOAT64, INT64, _axis, _contiguous_strides, _from_values, _new, _prod, _shape_tuple,
                    array, asarray, ndarray, scalar)
from ._ufuncs import _operand, _result_dtype, broadcast_shapes, broadcast_to

# ---------------------------------------------------------------------------------------
# Creation


def full(shape, fill_value, dtype=None):
    shape = _shape_tuple(shape)
    if dtype is None:
        dt = asarray(fill_value)._dtype
    else:
        dt = D._as_dtype(dtype)
    value = asarray(fill_value)
    if value.ndim:
        return asarray(broadcast_to(value, shape).astype(dt))
    return _from_values([D.caster(dt)(value._values()[0])] * _prod(shape), shape, dt)


def zeros(shape, dtype=float):
    return full(shape, 0, dtype)


def ones(shape, dtype=float):
    return full(shape, 1, dtype)


def empty(shape, dtype=float):
    return zeros(shape, dtype)


def _like(a, dtype, shape):
    a = asarray(a)
    return a._dtype if dtype is None else dtype, a._shape if shape is None else shape


def zeros_like(a, dtype=None, shape=None):
    dt, shape = _like(a, dtype, shape)
    return zeros(shape, dt)


def ones_like(a, dtype=None, shape=None):
    dt, shape = _like(a, dtype, shape)
    return ones(shape, dt)


def empty_like(a, dtype=None, shape=None):
    return zeros_like(a, dtype, shape)


def full_like(a, fill_value, dtype=None, shape=None):
    dt, shape = _like(a, dtype, shape)
    return full(shape, fill_value, dt)


def arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    values = (start, stop, step)
    if dtype is None:
        dt = D.FLOAT64 if _b.any(isinstance(v, float) or getattr(v, "dtype", None) is not None and v.dtype.kind == "f"
                              for v in values) else INT64
    else:
        dt = D._as_dtype(dtype)
    if step == 0:
        raise ZeroDivisionError("division by zero")
    n = _b.max(0, math.ceil((stop - start) / step))
    if dt.kind == "f":
        # numpy fills start, start + step, then repeats that difference (delta = (start+step)-start)
        delta = (start + step) - start
        cast = D.caster(dt)
        return _from_values([cast(start + i * delta) for i in range(n)], (n,), dt)
    return _from_values([D.caster(dt)(start + i * step) for i in range(n)], (n,), dt)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None):
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = num - 1 if endpoint else num
    computed = _result_dtype([_operand(start), _operand(stop)], check=False)  # numpy's: in the ends' float type
    computed = computed if computed.kind == "f" else FLOAT64
    rnd = D.caster(computed)
    start, stop = float(start), float(stop)
    delta = rnd(stop - start)
    step = rnd(delta / div) if div > 0 else math.nan
    if div > 0:
        values = [rnd(rnd(i * step) + start) if step != 0 else rnd(rnd(rnd(i / div) * delta) + start)
                  for i in range(num)]
        if endpoint and num > 1:
            values[-1] = stop
    else:
        values = [start] * num
    dt = D._as_dtype(dtype) if dtype is not None else computed
    result = _from_values([D.caster(dt)(v) for v in values], (num,), dt)
    return (result, scalar(step, FLOAT64)) if retstep else result


def eye(N, M=None, k=0, dtype=float):
    M = N if M is None else M
    dt = D._as_dtype(dtype)
    one, zero = D.caster(dt)(1), D.caster(dt)(0)
    return _from_values([one if j - i == k else zero for i in range(N) for j in range(M)], (N, M), dt)


def identity(n, dtype=float):
    return eye(n, dtype=dtype)


def meshgrid(*xi, indexing="xy"):
    arrays = [asarray(x).reshape(-1) for x in xi]
    shape = [len(x) for x in arrays]
    if indexing == "xy" and len(arrays) >= 2:
        shape[0], shape[1] = shape[1], shape[0]
    out = []
    for i, x in enumerate(arrays):
        view = [1] * len(arrays)
        axis = i
        if indexing == "xy" and len(arrays) >= 2 and i < 2:
            axis = 1 - i
        view[axis] = len(x)
        out.append(broadcast_to(x.reshape(view), tuple(shape)).copy())
    return out


# ---------------------------------------------------------------------------------------
# Shape functions


def reshape(a, shape, order="C"):
    return asarray(a).reshape(shape)


def transpose(a, axes=None):
    return asarray(a).transpose(axes) if axes is not None else asarray(a).transpose()


def ravel(a):
    return asarray(a).ravel()


def squeeze(a, axis=None):
    a = asarray(a)
    if axis is None:
        axes = [i for i, s in enumerate(a._shape) if s == 1]
    else:
        axes = [_axis(ax, a.ndim) for ax in (axis if isinstance(axis, tuple) else (axis,))]
        if _b.any(a._shape[ax] != 1 for ax in axes):
            raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    keep = [i for i in range(a.ndim) if i not in axes]
    return _new(a._buf, a._offset, tuple(a._shape[i] for i in keep), tuple(a._strides[i] for i in keep), a._dtype, a)


def expand_dims(a, axis):
    a = asarray(a)
    axes = axis if isinstance(axis, tuple) else (axis,)
    ndim = a.ndim + len(axes)
    axes = sorted(_axis(ax, ndim) for ax in axes)
    shape, strides, it = [], [], iter(zip(a._shape, a._strides))
    for i in range(ndim):
        if i in axes:
            shape.append(1)
            strides.append(0)
        else:
            s, st = next(it)
            shape.append(s)
            strides.append(st)
    return _new(a._buf, a._offset, tuple(shape), tuple(strides), a._dtype, a)


def swapaxes(a, axis1, axis2):
    return asarray(a).swapaxes(axis1, axis2)


def moveaxis(a, source, destination):
    a = asarray(a)
    order = [i for i in range(a.ndim) if i != _axis(source, a.ndim)]
    order.insert(_axis(destination, a.ndim), _axis(source, a.ndim))
    return a.transpose(order)


def atleast_1d(a):
    a = asarray(a)
    return a.reshape(1) if a.ndim == 0 else a


def atleast_2d(a):
    a = asarray(a)
    return a.reshape((1,) * (2 - a.ndim) + a._shape) if a.ndim < 2 else a


def concatenate(arrays, axis=0, dtype=None):
    arrays = [asarray(a) for a in arrays]
    if axis is None:
        arrays, axis = [a.reshape(-1) for a in arrays], 0
    first = arrays[0]
    if first.ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = _axis(axis, first.ndim)
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != first.ndim:
            raise ValueError("all the input array dimensions except for the concatenation axis must match exactly, "
                             f"but along dimension 0, the array at index 0 has {first.ndim} dimension(s) and the "
                             f"array at index {i} has {a.ndim} dimension(s)")
        for d in range(first.ndim):
            if d != axis and a._shape[d] != first._shape[d]:
                raise ValueError("all the input array dimensions except for the concatenation axis must match "
                                 f"exactly, but along dimension {d}, the array at index 0 has size {first._shape[d]} "
                                 f"and the array at index {i} has size {a._shape[d]}")
    dt = D._as_dtype(dtype) if dtype is not None else first._dtype
    for a in arrays[1:]:
        dt = dt if dtype is not None else D.promote_types(dt, a._dtype)
    outer = _prod(first._shape[:axis])
    pieces = []
    for a in arrays:
        values = a.astype(dt)._values()
        inner = _prod(a._shape[axis:])
        pieces.append([values[i * inner:(i + 1) * inner] for i in range(outer)])
    values = [v for i in range(outer) for piece in pieces for v in piece[i]]
    shape = list(first._shape)
    shape[axis] = _b.sum(a._shape[axis] for a in arrays)
    return _from_values(values, tuple(shape), dt)


def stack(arrays, axis=0):
    arrays = [asarray(a) for a in arrays]
    shapes = {a._shape for a in arrays}
    if len(shapes) != 1:
        raise ValueError("all input arrays must have the same shape")
    axis = _axis(axis, arrays[0].ndim + 1)
    return concatenate([expand_dims(a, axis) for a in arrays], axis)


def vstack(arrays):
    return concatenate([atleast_2d(a) for a in arrays], 0)


def hstack(arrays):
    arrays = [atleast_1d(a) for a in arrays]
    return concatenate(arrays, 0 if arrays[0].ndim == 1 else 1)


def column_stack(arrays):
    return concatenate([a.reshape(-1, 1) if a.ndim < 2 else a for a in map(asarray, arrays)], 1)


def split(a, indices_or_sections, axis=0):
    a = asarray(a)
    axis = _axis(axis, a.ndim)
    size = a._shape[axis]
    if isinstance(indices_or_sections, int):
        if size % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
        step = size // indices_or_sections
        bounds = list(range(0, size + 1, step))
    else:
        bounds = [0, *indices_or_sections, size]
    return [a[(slice(None),) * axis + (slice(lo, hi),)] for lo, hi in zip(bounds, bounds[1:])]


def nonzero(a):
    a = asarray(a)
    values = a._values()
    hits = [i for i, v in enumerate(values) if v]
    out = []
    for d in range(a.ndim):
        step = _prod(a._shape[d + 1:])
        out.append(_from_values([(i // step) % a._shape[d] for i in hits], (len(hits),), INT64))
    return tuple(out)


def argwhere(a):
    idx = nonzero(a)
    return stack(idx, axis=1) if idx else zeros((0, 0), INT64)


def where(condition, x=None, y=None):
    if x is None and y is None:
        return nonzero(condition)
    from ._ufuncs import _operand, _result_dtype
    operands = [_operand(x), _operand(y)]
    dt = _result_dtype(operands)
    cond = asarray(condition)
    shape = broadcast_shapes(cond._shape, operands[0][0]._shape, operands[1][0]._shape)
    cast = D.caster(dt)
    xs = broadcast_to(operands[0][0], shape)._values()
    ys = broadcast_to(operands[1][0], shape)._values()
    cs = broadcast_to(cond, shape)._values()
    return _from_values([cast(a if c else b) for c, a, b in zip(cs, xs, ys)], shape, dt)


def clip(a, a_min=None, a_max=None, *, min=None, max=None):
    from ._ufuncs import maximum, minimum
    a_min, a_max = (a_min if min is None else min), (a_max if max is None else max)
    if a_min is not None:
        a = maximum(a, a_min)
    return minimum(a, a_max) if a_max is not None else a


def copy(a):
    return array(a)


def shape(a):
    return asarray(a)._shape


def ndim(a):
    return asarray(a).ndim


def size(a):
    return asarray(a).size


# ---------------------------------------------------------------------------------------
# Reductions


def _pairwise(values, rnd):
    """numpy's pairwise summation (8 accumulators, blocks of 128), each add rounded by rnd."""
    n = len(values)
    if n < 8:
        res = -0.0
        for v in values:
            res = rnd(res + v)
        return res
    if n <= 128:
        r = list(values[:8])
        i = 8
        while i < n - n % 8:
            r = [rnd(x + y) for x, y in zip(r, values[i:i + 8])]
            i += 8
        res = rnd(rnd(rnd(r[0] + r[1]) + rnd(r[2] + r[3])) + rnd(rnd(r[4] + r[5]) + rnd(r[6] + r[7])))
        for v in values[i:]:
            res = rnd(res + v)
        return res
    n2 = n // 2
    n2 -= n2 % 8
    return rnd(_pairwise(values[:n2], rnd) + _pairwise(values[n2:], rnd))


def _reduce_axes(a, axis):
    if axis is None:
        return tuple(range(a.ndim))
    axes = axis if isinstance(axis, tuple) else (axis,)
    return tuple(sorted({_axis(ax, a.ndim) for ax in axes}))


def _groups(a, axes):
    """The reduced elements of each output position (row-major), and the output's shape."""
    keep = [d for d in range(a.ndim) if d not in axes]
    moved = a.transpose(keep + list(axes))
    inner = _prod(a._shape[d] for d in axes)
    values = moved._values()
    outer = len(values) // inner if inner else _prod(a._shape[d] for d in keep)
    return [values[i * inner:(i + 1) * inner] for i in range(outer)], tuple(a._shape[d] for d in keep)


def _finish(values, out_shape, a, axes, keepdims, dt, as_scalar=True):
    if keepdims:
        out_shape = tuple(1 if d in axes else s for d, s in enumerate(a._shape))
    if not out_shape and as_scalar:
        return scalar(values[0], dt)
    return _from_values(values, out_shape, dt)


def _sum_values(group, dt, last_axis):
    if dt.kind == "f":
        rnd = D.caster(dt) if dt.name != "float16" else D.to_single
        if last_axis:  # the reduction starts from add's identity, 0.0 (so -0.0s sum to 0.0)
            total = 0.0 + _pairwise(group, rnd)
        else:
            total = 0.0
            for v in group:
                total = rnd(total + v)
        return D.caster(dt)(total)
    return D.caster(dt)(_b.sum(group))


def _sum_dtype(dt):
    if dt.kind == "b" or dt.kind == "i" and dt.itemsize < 8:
        return INT64
    if dt.kind == "u":
        return D._DTYPES["uint64"]
    return dt


def sum(a, axis=None, dtype=None, keepdims=False, initial=None, where=True):
    a = asarray(a)
    if a._dtype is FLOAT64 and axis is None and (dtype is None or D._as_dtype(dtype) is FLOAT64) and not keepdims and initial is None and where is True \
            and a._is_contiguous():  # the hot path: all of a contiguous float64 array, pairwise
        n = a.size
        total = _kernels.pairwise_sum_f64((a._buf, a._offset), n) if _kernels.wasm is not None else None
        if total is None:
            total = _pairwise(a._buf[a._offset:a._offset + n], float)
        return scalar(0.0 + total, FLOAT64)
    if where is not True:
        raise NotImplementedError("numpy.sum(where=) is not available in the browser")
    dt = D._as_dtype(dtype) if dtype is not None else _sum_dtype(a._dtype)
    axes = _reduce_axes(a, axis)
    groups, out_shape = _groups(a, axes)
    last = not axes or axes[-1] == a.ndim - 1 and len(axes) == 1 or axes == tuple(range(a.ndim))
    cast = D.caster(dt)
    values = [_sum_values([cast(v) for v in g], dt, last) for g in groups]
    if initial is not None:
        values = [cast(v + initial) for v in values]
    return _finish(values, out_shape, a, axes, keepdims, dt)


def prod(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    dt = D._as_dtype(dtype) if dtype is not None else _sum_dtype(a._dtype)
    axes = _reduce_axes(a, axis)
    groups, out_shape = _groups(a, axes)
    cast = D.caster(dt)
    values = []
    for g in groups:
        p = cast(1)
        for v in g:
            p = cast(p * v)
        values.append(p)
    return _finish(values, out_shape, a, axes, keepdims, dt)


def mean(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    dt = D._as_dtype(dtype) if dtype is not None else (a._dtype if a._dtype.kind == "f" else FLOAT64)
    axes = _reduce_axes(a, axis)
    n = _prod(a._shape[d] for d in axes)
    total = sum(a, axis, dtype=dt if dt.name != "float16" else "float32", keepdims=keepdims)
    from ._ufuncs import true_divide
    result = true_divide(total, n)
    return result.astype(dt)[()] if isinstance(result, ndarray) and not result._shape else \
        result.astype(dt) if isinstance(result, ndarray) else scalar(D.caster(dt)(result), dt)


def var(a, axis=None, dtype=None, ddof=0, keepdims=False):
    a = asarray(a)
    from ._ufuncs import multiply, subtract, true_divide
    dt = a._dtype if a._dtype.kind == "f" else FLOAT64
    axes = _reduce_axes(a, axis)
    n = _prod(a._shape[d] for d in axes)
    m = true_divide(sum(a, axis, dtype=dt, keepdims=True), n)
    x = subtract(a, m)
    x = multiply(x, x)
    total = sum(x, axis, dtype=dt, keepdims=keepdims)
    return true_divide(total, _b.max(n - ddof, 0))


def std(a, axis=None, dtype=None, ddof=0, keepdims=False):
    from ._ufuncs import sqrt
    return sqrt(var(a, axis, dtype, ddof, keepdims))


def _extreme(a, axis, keepdims, pick, name):
    a = asarray(a)
    axes = _reduce_axes(a, axis)
    groups, out_shape = _groups(a, axes)
    if _b.any(not g for g in groups) or not groups:
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    values = []
    for g in groups:
        best = g[0]
        for v in g:
            if v != v:
                best = v
                break
            if pick(v, best):
                best = v
        values.append(best)
    return _finish(values, out_shape, a, axes, keepdims, a._dtype)


def amax(a, axis=None, keepdims=False):
    return _extreme(a, axis, keepdims, lambda v, b: v >= b, "maximum")  # maximum.reduce: the later of equals


def amin(a, axis=None, keepdims=False):
    return _extreme(a, axis, keepdims, lambda v, b: v <= b, "minimum")


max, min = amax, amin


def _arg(a, axis, keepdims, pick, name):
    a = asarray(a)
    if axis is None:
        if keepdims:  # every axis kept, as size 1
            return _arg(a, None, False, pick, name).reshape((1,) * a.ndim)
        a, axis = a.reshape(-1), 0
    axes = (_axis(axis, a.ndim),)
    groups, out_shape = _groups(a, axes)
    if a._shape[axes[0]] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    values = []
    for g in groups:
        best = 0
        for i, v in enumerate(g):
            if v != v:
                best = i
                break
            if pick(v, g[best]):
                best = i
        values.append(best)
    return _finish(values, out_shape, a, axes, keepdims, INT64)


def argmax(a, axis=None, keepdims=False):
    return _arg(a, axis, keepdims, lambda v, b: v > b, "argmax")


def argmin(a, axis=None, keepdims=False):
    return _arg(a, axis, keepdims, lambda v, b: v < b, "argmin")


def all(a, axis=None, keepdims=False):
    a = asarray(a)
    axes = _reduce_axes(a, axis)
    groups, out_shape = _groups(a, axes)
    return _finish([_b.all(g) for g in groups], out_shape, a, axes, keepdims, BOOL)


def any(a, axis=None, keepdims=False):
    a = asarray(a)
    axes = _reduce_axes(a, axis)
    groups, out_shape = _groups(a, axes)
    return _finish([_b.any(g) for g in groups], out_shape, a, axes, keepdims, BOOL)


def cumsum(a, axis=None, dtype=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    axis = _axis(axis, a.ndim)
    dt = D._as_dtype(dtype) if dtype is not None else _sum_dtype(a._dtype)
    cast = D.caster(dt)
    moved = moveaxis(a, axis, -1)
    groups, _ = _groups(moved, (moved.ndim - 1,))
    out = []
    for g in groups:  # add.accumulate starts from the first element (-0.0 stays -0.0)
        total = None
        for v in g:
            total = cast(v) if total is None else cast(total + v)
            out.append(total)
    return moveaxis(_from_values(out, moved._shape, dt), -1, axis).copy()


def count_nonzero(a, axis=None):
    return sum(asarray(a).astype(bool), axis)


# ---------------------------------------------------------------------------------------
# Products


def _dot_values(x, y, dt):
    if dt is FLOAT64:  # (array("d") takes float64's values as they are)
        total = 0.0
        for p, q in zip(x, y):
            total += p * q
        return total
    cast = D.caster(dt)
    total = cast(0)
    for p, q in zip(x, y):
        total = cast(total + cast(p * q))
    return total


def matmul(a, b):
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with "
                         "signature (n?,k),(k,m?)->(n?,m?) requires 1)")
    dt = D.promote_types(a._dtype, b._dtype)
    a2 = a.reshape(1, -1) if a.ndim == 1 else a
    b2 = b.reshape(-1, 1) if b.ndim == 1 else b
    n, k = a2._shape[-2:]
    k2, m = b2._shape[-2:]
    if k != k2:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"(n?,k),(k,m?)->(n?,m?) (size {k2} is different from {k})")
    batch = broadcast_shapes(a2._shape[:-2], b2._shape[:-2])
    A = broadcast_to(a2, batch + (n, k)).astype(dt)._values()
    B = broadcast_to(b2, batch + (k, m)).astype(dt)
    Bt = B.swapaxes(-1, -2)._values() if B.ndim >= 2 else B._values()
    shape = batch + ((n,) if a.ndim > 1 else ()) + ((m,) if b.ndim > 1 else ())
    if dt is FLOAT64 and _kernels.wasm is not None and shape:
        buf = _kernels.matmul_f64(_array("d", A), _array("d", Bt), _prod(batch), n, k, m)
        if buf is not None:
            return _new(buf, 0, shape, _contiguous_strides(shape), FLOAT64)
    out = []
    for i in range(_prod(batch)):
        rows = [A[(i * n + r) * k:(i * n + r + 1) * k] for r in range(n)]
        cols = [Bt[(i * m + c) * k:(i * m + c + 1) * k] for c in range(m)]
        out.extend(_dot_values(row, col, dt) for row in rows for col in cols)
    if not shape:
        return scalar(out[0], dt)
    return _from_values(out, shape, dt)


def dot(a, b):
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        from ._ufuncs import multiply
        return multiply(a, b)
    if a.ndim <= 2 and b.ndim <= 2:
        return matmul(a, b)
    raise NotImplementedError("numpy.dot of arrays with more than 2 dimensions is not available in the browser; "
                              "use numpy.matmul")


def outer(a, b):
    from ._ufuncs import multiply
    return multiply(asarray(a).reshape(-1, 1), asarray(b).reshape(1, -1))


def inner(a, b):
    a, b = asarray(a), asarray(b)
    if a.ndim == 1 and b.ndim == 1:
        return matmul(a, b)
    raise NotImplementedError("numpy.inner of arrays with more than 1 dimension is not available in the browser")


# ---------------------------------------------------------------------------------------
# Sorting and statistics


def _sort_key(v):
    """numpy's order: NaN after everything."""
    return (v != v, v)


def _along(a, axis, sort_group, dtype):
    """`sort_group` applied to each run of values along `axis` (None: the flattened array), the
    results put back along it as an array of `dtype` (None: the array's own)."""
    a = asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    axis = _axis(axis, a.ndim)
    moved = moveaxis(a, axis, -1)
    groups, _ = _groups(moved, (moved.ndim - 1,))
    values = [v for g in groups for v in sort_group(g)]
    return moveaxis(_from_values(values, moved._shape, dtype or a._dtype), -1, axis).copy()


def sort(a, axis=-1, kind=None):
    return _along(a, axis, lambda g: sorted(g, key=_sort_key), None)


def argsort(a, axis=-1, kind=None):
    """A stable argsort: ties keep their order (numpy's default quicksort may order ties of more than
    16 elements otherwise)."""
    return _along(a, axis, lambda g: sorted(range(len(g)), key=lambda i: _sort_key(g[i])), INT64)


def lexsort(keys, axis=-1):
    """The indices that sort along axis by the last key, ties by the one before, ... (stable, as numpy's)."""
    keys = [asarray(k) for k in keys] if not isinstance(keys, ndarray) else [keys[i] for i in range(len(keys))]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    if _b.any(k.shape != keys[0].shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    if keys[0].ndim == 0:  # (a 1-D array's elements are 0-d keys: one position)
        return scalar(0, INT64)
    moved = [moveaxis(k, axis, -1) for k in reversed(keys)]
    rows = [_groups(k, (k.ndim - 1,))[0] for k in moved]
    n = moved[0].shape[-1]
    order = [i for r in _b.range(len(rows[0]))
             for i in _b.sorted(_b.range(n), key=lambda i: tuple(_sort_key(key[r][i]) for key in rows))]
    return moveaxis(_from_values(order, moved[0].shape, INT64), -1, axis).copy()


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True,
           sorted=True):
    if axis is not None or not sorted:
        raise NotImplementedError("numpy.unique(axis=, sorted=False) is not available in the browser")
    a = asarray(ar)
    flat = a._values()
    order = _b.sorted(range(len(flat)), key=lambda i: _sort_key(flat[i]))
    values, index, counts, inverse = [], [], [], [0] * len(flat)
    for i in order:
        v = flat[i]
        if not values or not (v == values[-1] or equal_nan and v != v and values[-1] != values[-1]):
            values.append(v)
            index.append(i)
            counts.append(0)
        counts[-1] += 1
        inverse[i] = len(values) - 1
    result = [_from_values(values, (len(values),), a._dtype)]
    if return_index:
        result.append(_from_values(index, (len(index),), INT64))
    if return_inverse:
        result.append(_from_values(inverse, a._shape, INT64))
    if return_counts:
        result.append(_from_values(counts, (len(counts),), INT64))
    return result[0] if len(result) == 1 else tuple(result)


def _lerp(a, b, t, rnd=float, diff_rnd=float):
    """numpy's _lerp: a + (b - a) * t, computed from b's side when t >= 0.5; b - a rounded by diff_rnd
    (the array's dtype), the rest by rnd (the result's)."""
    diff = diff_rnd(b - a)
    return rnd(b - rnd(diff * rnd(1 - t))) if t >= 0.5 else rnd(a + rnd(diff * rnd(t)))


def _quantile_values(group, q, rnd=float, q_rnd=float, diff_rnd=float):
    """numpy's "linear" method on one sorted group, q in [0, 1]: the virtual index and its fraction in
    q's dtype (q_rnd), the interpolation in the result's (rnd)."""
    n = len(group)
    if not n or _b.any(v != v for v in group):
        return math.nan
    virtual = q_rnd(q * (n - 1))
    previous = math.floor(virtual)
    gamma = q_rnd(virtual - previous)
    lo = _b.min(_b.max(int(previous), 0), n - 1)
    hi = _b.min(lo + 1, n - 1)
    return _lerp(group[lo], group[hi], gamma, rnd, diff_rnd)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    return _into(out, _quantile(a, q, axis, keepdims, method, "quantile"))


def _into(out, result):
    """numpy's out=: the result written into `out`, which is returned."""
    if out is None:
        return result
    out[...] = result
    return out


def _quantile(a, q, axis, keepdims, method, name, drop_nan=False, weak=None):
    """quantile/percentile (q already divided by 100) and their nan* forms (drop_nan: each group without its
    NaNs). A weak q (a Python number, as given) keeps a's float type for the result, as numpy's weak_q."""
    if method != "linear":
        raise NotImplementedError(f"numpy.{name}(method={method!r}) is not available in the browser")
    a = asarray(a)
    qs = asarray(q).astype(float)
    if _b.any(not 0 <= v <= 1 for v in qs._values()):
        raise ValueError("Percentiles must be in the range [0, 100]" if "percentile" in name else
                         "Quantiles must be in the range [0, 1]")
    axes = _reduce_axes(a, axis)
    groups, out_shape = _groups(a.astype(a._dtype if a._dtype.kind == "f" else FLOAT64), axes)
    groups = [sorted([v for v in g if v == v] if drop_nan else g, key=_sort_key) for g in groups]
    array_dt = dt = a._dtype if a._dtype.kind == "f" else FLOAT64
    q_dt = asarray(q)._dtype if asarray(q)._dtype.kind == "f" else FLOAT64
    if not (type(q) in (int, float) if weak is None else weak) and not (drop_nan and groups and not groups[0]):
        # (numpy's nan* form stacks each slice's result as the first one's dtype: an all-NaN slice's is a's)
        dt = D.promote_types(dt, q_dt)
    cast, q_cast = D.caster(dt), D.caster(q_dt)
    if keepdims:
        out_shape = tuple(1 if d in axes else s for d, s in enumerate(a._shape))
    per_q = [[cast(_quantile_values(g, qv, cast, q_cast, D.caster(array_dt))) for g in groups]
             for qv in qs._values()]
    if qs.ndim == 0:
        return _from_values(per_q[0], out_shape, dt) if out_shape else scalar(per_q[0][0], dt)
    return _from_values([v for row in per_q for v in row], qs._shape + out_shape, dt)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    return _into(out, _quantile(a, _percent(q), axis, keepdims, method, "percentile", weak=type(q) in (int, float)))


def _percent(q):
    from ._ufuncs import true_divide
    return true_divide(q, 100)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """numpy's: the mean of the middle one or two sorted values (NaN if any is NaN)."""
    return _into(out, _median(a, axis, keepdims))


def _median(a, axis, keepdims, drop_nan=False):
    """median, or nanmedian (drop_nan: each group without its NaNs; NaN for a group of none)."""
    a = asarray(a)
    axes = _reduce_axes(a, axis)
    groups, out_shape = _groups(a, axes)
    dt = a._dtype if a._dtype.kind == "f" else FLOAT64
    cast = D.caster(dt)
    values = []
    for g in groups:
        if drop_nan:
            g = [v for v in g if v == v]
        if not g or _b.any(v != v for v in g):
            values.append(math.nan)
            continue
        s = sorted(g)
        n = len(s)
        middle = s[n // 2 - 1:n // 2 + 1] if n % 2 == 0 else s[n // 2:n // 2 + 1]
        total = 0.0
        for v in middle:
            total = cast(total + v)
        values.append(cast(total / len(middle)))
    return _finish(values, out_shape, a, axes, keepdims, dt)


def histogram(a, bins=10, range=None, density=None, weights=None):
    """numpy's: equal bins counted by the index arithmetic numpy uses (then corrected against the
    edges), bin edges given by searchsorted; weights summed per bin (in the data's order, or over the
    sorted data for edges); density divides by the widths and the total."""
    a = asarray(a).reshape(-1)
    if weights is not None:
        weights = asarray(weights)
        if weights.shape != asarray(a).shape and weights.size != a.size:
            raise ValueError("weights should have the same shape as a.")
        weights = weights.reshape(-1)
    edges, uniform = _bin_edges(a, bins, range)
    e = edges._values()
    wanted = weights._values() if weights is not None else None
    ntype = weights._dtype if weights is not None else INT64
    if uniform is not None:
        first, last, nbins = float(uniform[0]), float(uniform[1]), uniform[2]
        counts = [0] * nbins
        denom = last - first
        for start in _b.range(0, a.size, 65536):  # numpy's blocks: each one's sums added to the total
            block = [0.0] * nbins if wanted is not None else counts
            for k, v in enumerate(a._values()[start:start + 65536], start):
                if not first <= v <= last:
                    continue
                i = int((v - first) / denom * nbins)
                if i == nbins:
                    i -= 1
                if v < e[i]:
                    i -= 1
                elif v >= e[i + 1] and i != nbins - 1:
                    i += 1
                if wanted is None:
                    block[i] += 1
                else:
                    block[i] += wanted[k]
            if wanted is not None:
                cast = D.caster(ntype)
                counts = [cast(c + cast(b)) for c, b in zip(counts, block)]
        n = _from_values(counts, (nbins,), ntype)
    else:
        order = argsort(a)._values()
        sa = [a._values()[k] for k in order]
        cut = [bisect.bisect_left(sa, x) for x in e[:-1]] + [bisect.bisect_right(sa, e[-1])]
        if wanted is None:
            cum = cut
        else:
            cast = D.caster(ntype)
            total, running = cast(0), []
            for k in order:  # the sorted weights' cumulative sums, read at each edge
                total = cast(total + wanted[k])
                running.append(total)
            cum = [cast(0) if c == 0 else running[c - 1] for c in cut]
        n = _from_values([q - p for p, q in zip(cum, cum[1:])], (len(e) - 1,), ntype)
    if density:
        from ._ufuncs import subtract, true_divide
        widths = subtract(edges[1:], edges[:-1]).astype(FLOAT64)
        return true_divide(true_divide(n, widths), sum(n)), edges
    return n, edges


def _bin_edges(a, bins, range):
    """numpy's _get_bin_edges: (edges, (first, last, count) for equal bins, else None)."""
    if isinstance(bins, str):
        raise NotImplementedError(f"numpy.histogram(bins={bins!r}) is not available in the browser; pass a number "
                                  "of bins or their edges")
    if ndim(bins) == 0:
        try:
            count = operator.index(bins)
        except TypeError as e:
            raise TypeError("`bins` must be an integer, a string, or an array") from e
        if count < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first, last = _outer_edges(a, range)
        edge_dt = a._dtype if a._dtype.kind == "f" else FLOAT64
        return linspace(first, last, count + 1, dtype=edge_dt), (first, last, count)
    edges = asarray(bins)
    if edges.ndim != 1:
        raise ValueError("`bins` must be 1d, when an array")
    values = edges._values()
    if _b.any(p > q for p, q in zip(values, values[1:])):
        raise ValueError("`bins` must increase monotonically, when an array")
    return edges, None


def _outer_edges(a, range):
    """numpy's _get_outer_edges: the range given, or the data's, widened by 0.5 each way when it is one value."""
    if range is not None:
        first, last = float(range[0]), float(range[1])
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (math.isfinite(first) and math.isfinite(last)):
            raise ValueError(f"supplied range of [{range[0]}, {range[1]}] is not finite")
    elif a.size == 0:
        first, last = 0.0, 1.0
    else:  # numpy's scalars of a's type: linspace between them computes in it
        first, last = amin(a), amax(a)
        if not (math.isfinite(first) and math.isfinite(last)):
            raise ValueError(f"autodetected range of [{float(first)}, {float(last)}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    return first, last


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    return _bin_edges(asarray(a).reshape(-1), bins, range)[0]

