"""Indexing: basic (ints, slices, None, Ellipsis: a view), boolean and integer-array indexing
(a copy, numpy's rules for where the indexed dimensions go), and assignment through either."""
import operator
from itertools import compress

from . import _dtypes as D
from ._core import _contiguous_strides, _from_values, _new, _prod, asarray, ndarray, scalar
from ._exceptions import AxisError  # noqa: F401


def _is_advanced(k):
    return isinstance(k, (ndarray, list)) or (hasattr(k, "dtype") and hasattr(k, "shape") and not isinstance(k, int))


def _dims(k):
    """How many of the array's dimensions an index item uses."""
    if k is None or k is Ellipsis:
        return 0
    return k.ndim if isinstance(k, ndarray) and k._dtype.kind == "b" else 1


def _expand(a, key):
    """The index as one item per dimension (None adds one): Ellipsis expanded, boolean arrays as
    the integer arrays of their True positions."""
    if not isinstance(key, tuple):
        key = (key,)
    items = []
    for k in key:
        if isinstance(k, (list, ndarray)) or _is_advanced(k):
            k = asarray(k)
            if k._dtype.kind == "b" and k.ndim == 0:
                raise NotImplementedError("numpy 0-d boolean indices are not available in the browser")
            if k._dtype.kind not in "iub":
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
        items.append(k)
    ellipses = sum(1 for k in items if k is Ellipsis)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(_dims(k) for k in items)
    if used > a.ndim:
        raise IndexError(f"too many indices for array: array is {a.ndim}-dimensional, but {used} were indexed")
    if ellipses:
        i = next(i for i, k in enumerate(items) if k is Ellipsis)
        items[i:i + 1] = [slice(None)] * (a.ndim - used)
    else:
        items += [slice(None)] * (a.ndim - used)
    out, axis, integers = [], 0, []
    for k in items:
        if isinstance(k, ndarray) and k._dtype.kind == "b":
            for d, size in enumerate(k._shape):
                if a._shape[axis + d] != size:
                    raise IndexError(f"boolean index did not match indexed array along axis {axis + d}; size of axis "
                                     f"is {a._shape[axis + d]} but size of corresponding boolean axis is {size}")
            from ._functions import nonzero
            out.extend(nonzero(k))
        else:
            if k is not None and not isinstance(k, (slice, ndarray, bool)):
                integers.append((k, axis))
            out.append(k)
        axis += _dims(k)
    for k, axis in integers:  # numpy checks integers after the masks' shapes, before the arrays broadcast
        _check(operator.index(k), a._shape[axis], axis)
    return out


def _ellipsis_between_indices(key):
    """Whether an Ellipsis sits between two integer or array items of ``key``: numpy then treats the
    index arrays as not adjacent (their dimensions go first) even where the Ellipsis covers no dimension."""
    if not isinstance(key, tuple) or not any(k is Ellipsis for k in key):
        return False
    i = next(i for i, k in enumerate(key) if k is Ellipsis)
    indexes = lambda items: any(k is not None and not isinstance(k, slice) for k in items)  # noqa: E731
    return indexes(key[:i]) and indexes(key[i + 1:])


def _check(i, size, axis):
    if not -size <= i < size:
        raise IndexError(f"index {i} is out of bounds for axis {axis} with size {size}")
    return i % size


def _basic(a, key):
    offset, shape, strides, axis = a._offset, [], [], 0
    for k in key:
        if k is None:
            shape.append(1)
            strides.append(0)
            continue
        size, stride = a._shape[axis], a._strides[axis]
        if isinstance(k, slice):
            start, stop, step = k.indices(size)
            n = len(range(start, stop, step))
            offset += start * stride if n else 0
            shape.append(n)
            strides.append(stride * step)
        else:
            offset += _check(operator.index(k), size, axis) * stride
        axis += 1
    return _new(a._buf, offset, tuple(shape), tuple(strides), a._dtype, a)


def _advanced(a, key, split=False):
    """(result shape, flat buffer positions) of an index with integer arrays; ``split``: they count as
    not adjacent (see _ellipsis_between_indices)."""
    if any(k is None for k in key):
        raise NotImplementedError("numpy indexing with both None and index arrays is not available in the browser")
    from ._ufuncs import broadcast_shapes, broadcast_to
    arrays = [(axis, asarray(k)) for axis, k in enumerate(key) if not isinstance(k, slice)]
    try:  # numpy broadcasts the index arrays before it looks at their values
        bshape = broadcast_shapes(*(k._shape for _, k in arrays))
    except ValueError:
        raise IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes "
                         + "".join(str(k._shape).replace(" ", "") + " " for _, k in arrays if k.ndim)) from None
    for axis, k in arrays:  # every index is checked, even where broadcasting leaves none to take
        for v in k._values():
            _check(v, a._shape[axis], axis)
    axes = [axis for axis, _ in arrays]
    index_values = [[_check(v, a._shape[axis], axis) for v in broadcast_to(k, bshape)._values()] for axis, k in arrays]
    slices = {axis: range(*k.indices(a._shape[axis])) for axis, k in enumerate(key) if isinstance(k, slice)}
    adjacent = not split and axes == list(range(axes[0], axes[-1] + 1))
    before = [ax for ax in slices if ax < axes[0]] if adjacent else []
    after = [ax for ax in slices if ax not in before]
    shape = tuple(len(slices[ax]) for ax in before) + bshape + tuple(len(slices[ax]) for ax in after)
    strides = a._strides
    adv_offsets = [a._offset + sum(idx[j] * strides[ax] for j, ax in enumerate(axes)) for idx in zip(*index_values)] \
        if index_values else [a._offset]
    pre = _offsets(before, slices, strides)
    post = _offsets(after, slices, strides)
    positions = [p + q + r for p in pre for q in adv_offsets for r in post]
    return shape, positions


def _offsets(axes, slices, strides):
    out = [0]
    for ax in axes:
        out = [o + i * strides[ax] for o in out for i in slices[ax]]
    return out


def _whole_array_index(a, key):
    """(shape, flat buffer positions) of the two commonest advanced indexes, on a contiguous
    array, without the general path's per-element bookkeeping: a boolean mask of the array's
    shape, and one integer array (in bounds) along the first axis; None for any other index."""
    if type(key) is not ndarray or not a._shape or not a._is_contiguous():
        return None
    offset, n = a._offset, a.size
    if key._dtype.kind == "b":
        if key._shape != a._shape:
            return None
        positions = list(compress(range(offset, offset + n), key._values()))
        return (len(positions),), positions
    if key._dtype.kind not in "iu" or not key._shape:
        return None
    rows, indices = a._shape[0], key._values()
    if not indices or min(indices) < -rows or max(indices) >= rows:
        return None  # (the general path says which index is out of bounds)
    inner = n // rows if rows else 0
    if inner == 1:
        positions = [offset + (i if i >= 0 else i + rows) for i in indices]
    else:
        positions = [p for i in indices for p in range(offset + (i % rows) * inner, offset + (i % rows + 1) * inner)]
    return key._shape + a._shape[1:], positions


def getitem(a, key):
    fast = _whole_array_index(a, key)
    if fast is not None:
        buf = a._buf
        values = [buf[p] for p in fast[1]]
        return _from_values([v != 0 for v in values] if a._dtype.kind == "b" else values, fast[0], a._dtype)
    has_ellipsis = key is Ellipsis or isinstance(key, tuple) and any(k is Ellipsis for k in key)
    split = _ellipsis_between_indices(key)
    key = _expand(a, key)
    if any(isinstance(k, ndarray) for k in key):
        shape, positions = _advanced(a, key, split)
        buf = a._buf
        values = [buf[p] for p in positions]
        if a._dtype.kind == "b":
            values = [v != 0 for v in values]
        return _from_values(values, shape, a._dtype)
    view = _basic(a, key)
    if not has_ellipsis and not view._shape and sum(1 for k in key if k is not None and not isinstance(k, slice)) == a.ndim:
        return scalar(view._values()[0], a._dtype)
    return view


def setitem(a, key, value):
    fast = _whole_array_index(a, key)
    if fast is not None:
        shape, positions = fast
    else:
        split = _ellipsis_between_indices(key)
        key = _expand(a, key)
        if any(isinstance(k, ndarray) for k in key):
            shape, positions = _advanced(a, key, split)
        else:
            view = _basic(a, key)
            shape, positions = view._shape, view._flat_positions()
    from ._ufuncs import broadcast_to
    value = asarray(value)
    values = broadcast_to(value, shape)._values() if value._shape != shape else value._values()
    cast = D.caster(a._dtype)
    buf = a._buf
    if a._dtype.kind == "b":
        for p, v in zip(positions, values):
            buf[p] = 1 if v else 0
    else:
        for p, v in zip(positions, values):
            buf[p] = cast(v)
