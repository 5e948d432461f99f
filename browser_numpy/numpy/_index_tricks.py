"""Index helpers as numpy has them: ix_, ndindex, ndenumerate, unravel_index, ravel_multi_index,
diag_indices, tril_indices/triu_indices (and their _from forms), diagflat."""
import itertools

from . import _functions as F
from ._composites import _tri_mask, diag
from ._core import INT64, _from_values, _shape_tuple, asarray, scalar
from ._ufuncs import broadcast_shapes, broadcast_to


def ix_(*args):
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        new = asarray(new) if not isinstance(new, (list, tuple)) or len(new) else asarray(new, INT64)
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype.kind == "b":
            new, = F.nonzero(new)
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


class ndindex:
    """The index tuples of an array of `shape`, in row-major order."""

    def __init__(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        self._it = itertools.product(*(range(s) for s in shape))

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)


class ndenumerate:
    """(index, element) pairs of an array, in row-major order."""

    def __init__(self, arr):
        arr = asarray(arr)
        self._it = zip(ndindex(arr.shape), (scalar(v, arr.dtype) for v in arr._values()))

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)


def unravel_index(indices, shape, order="C"):
    if order != "C":
        raise NotImplementedError("numpy.unravel_index(order='F') is not available in the browser")
    shape = _shape_tuple(shape)
    idx = asarray(indices)
    if idx.dtype.kind not in "iu":
        raise TypeError("only int indices permitted")
    size = 1
    for s in shape:
        size *= s
    values = idx._values()
    for v in values:
        if not 0 <= v < size:
            raise ValueError(f"index {v} is out of bounds for array with size {size}")
    out = []
    for d in range(len(shape)):
        step = 1
        for s in shape[d + 1:]:
            step *= s
        column = [(v // step) % shape[d] for v in values]
        out.append(_from_values(column, idx.shape, INT64) if idx.ndim else scalar(column[0], INT64))
    return tuple(out)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    if mode != "raise" or order != "C":
        raise NotImplementedError("numpy.ravel_multi_index with mode= or order='F' is not available in the browser")
    dims = _shape_tuple(dims)
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    arrays = [asarray(a) for a in multi_index]
    shape = broadcast_shapes(*(a.shape for a in arrays))
    arrays = [broadcast_to(a, shape) for a in arrays]
    for a in arrays:
        if a.dtype.kind not in "iu":
            raise TypeError("only int indices permitted")
    flat = [0] * arrays[0].size
    for a, dim in zip(arrays, dims):
        for i, v in enumerate(a._values()):
            if not 0 <= v < dim:
                raise ValueError("invalid entry in coordinates array")
            flat[i] = flat[i] * dim + v
    return _from_values(flat, shape, INT64) if shape else scalar(flat[0], INT64)


def diag_indices(n, ndim=2):
    idx = F.arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    arr = asarray(arr)
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(arr.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def tril_indices(n, k=0, m=None):
    return F.nonzero(_tri_mask((n, n if m is None else m), k, True))


def triu_indices(n, k=0, m=None):
    return F.nonzero(_tri_mask((n, n if m is None else m), k, False))


def _square_check(arr):
    arr = asarray(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return arr


def tril_indices_from(arr, k=0):
    arr = _square_check(arr)
    return tril_indices(arr.shape[-2], k, arr.shape[-1])


def triu_indices_from(arr, k=0):
    arr = _square_check(arr)
    return triu_indices(arr.shape[-2], k, arr.shape[-1])


def diagflat(v, k=0):
    return diag(asarray(v).ravel(), k)
