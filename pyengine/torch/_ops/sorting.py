"""Sorting and order statistics (ATen's Sorting.cpp and kin): sort, argsort, topk, median, mode,
kthvalue, unique, cummax/cummin, aminmax, diff."""
import builtins as _builtins
import math

from .. import _dtype, return_types
from .._backend import backend as B
from ..autograd.derivatives import op
from ._helpers import from_values, new_tensor, wrap_dim
from .creation import zeros
from .joining import cat, stack
from .shape import _inverse, narrow, select
from .reduction import (_amax, _amax_backward, _amaxamin_jvp, _amin, _check_dim_nonempty, _evenly_distribute,
                        _evenly_read_jvp, _gather_keepdim, _greater, _is_nan, _less, _rows, _select_backward_values,
                        max_ndim, reduced_dims)

# this module defines torch.sort/median/mode ...; Python's max and min at hand
builtins_max, builtins_min = _builtins.max, _builtins.min


def _sort_key(descending):
    # NaN sorts as the largest value
    if descending:
        return lambda iv: (0 if iv[1] != iv[1] else 1, -iv[1] if iv[1] == iv[1] else 0)
    return lambda iv: (1 if iv[1] != iv[1] else 0, iv[1] if iv[1] == iv[1] else 0)


def _along(x, dim, per_row, out_len=None, value_dtype=None):
    """Apply ``per_row(row) -> (values, indices)`` along dim; results keep dim in place."""
    d = wrap_dim(dim, max_ndim(x))
    if not x._shape:
        vals, idx = per_row(x._flat())
        return from_values(vals, (), value_dtype or x.dtype), from_values(idx, (), _dtype.int64)
    order = [i for i in range(x.dim()) if i != d] + [d]
    all_vals, all_idx = [], []
    for row in _rows(x, (d,)):
        vals, idx = per_row(row)
        all_vals.extend(vals)
        all_idx.extend(idx)
    length = x._shape[d] if out_len is None else out_len
    shape = tuple(x._shape[i] for i in order[:-1]) + (length,)
    inv = _inverse(order)
    out_shape = x._shape[:d] + (length,) + x._shape[d + 1:]
    results = []
    for values, dtype in ((all_vals, value_dtype or x.dtype), (all_idx, _dtype.int64)):
        t = from_values(values, shape, dtype)
        results.append(new_tensor(B.take(t._storage.buf, 0, out_shape, tuple(t._stride[i] for i in inv)),
                                  out_shape, dtype))
    return tuple(results)


def _sorted_row(row, descending):
    pairs = sorted(enumerate(row), key=_sort_key(descending))
    return [v for _, v in pairs], [i for i, _ in pairs]


def _sort_backward(grad, self, dim, indices):
    return zeros(self._shape, dtype=grad.dtype).scatter(dim, indices, grad) if self.dim() else grad


@op("SortBackward0", name="sort", packs="indices=result1", saved="dim indices self_sym_sizes",
    result=lambda self_t, dim, result: _gather_keepdim(self_t, dim, result[1], True), self=lambda grad, self, dim, result: _sort_backward(grad, self, dim, result[1]))
def _sort(self, dim, descending):
    return return_types.sort(_along(self, dim, lambda row: _sorted_row(row, descending)))


@op(name="sort", forms="torch Tensor")
def sort(input, dim=-1, descending=False, stable=False):
    return _sort(input, wrap_dim(dim, max_ndim(input)), descending)


@op(name="argsort", forms="torch Tensor")
def argsort(input, dim=-1, descending=False, stable=False):
    return _along(input, dim, lambda row: _sorted_row(row, descending))[1]


@op("TopkBackward0", name="topk", packs="indices=result1", saved="dim indices self_sym_sizes",
    result=lambda self_t, dim, result: self_t.gather(dim, result[1]), self=lambda grad, self, dim, result: _sort_backward(grad, self, dim, result[1]))
def _topk(self, k, dim, largest, sorted):
    def best(row):
        vals, idx = _sorted_row(row, largest)
        return vals[:k], idx[:k]
    return return_types.topk(_along(self, dim, best, out_len=k))


@op(name="topk", forms="torch Tensor")
def topk(input, k, dim=-1, largest=True, sorted=True):
    d = wrap_dim(dim, max_ndim(input))
    size = input._shape[d] if input._shape else 1
    if not 0 <= k <= size:
        raise RuntimeError("selected index k out of range")
    return _topk(input, k, dim, largest, sorted)


def _median_row(row):
    if _builtins.any(v != v for v in row):
        i = next(i for i, v in enumerate(row) if v != v)
        return row[i], i
    vals, idx = _sorted_row(row, False)
    k = (len(row) - 1) // 2
    value = vals[k]
    # PyTorch reports the last position holding the median value
    last = builtins_max(i for i, v in enumerate(row) if v == value)
    return value, last


@op("MedianBackward0", name="median",
    result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result), self=lambda grad, self, result: _evenly_distribute(grad, self, result))
def _median_all(self):
    flat = self._flat()
    if not flat:
        return from_values([math.nan], (), self.dtype)
    return from_values([_median_row(flat)[0]], (), self.dtype)


@op("MedianBackward1", name="median.dim", packs="indices=result1", saved="dim indices keepdim self_sym_sizes",
    result=lambda self_t, dim, keepdim, result: _gather_keepdim(self_t, dim, result[1], keepdim), self=lambda grad, self, dim, keepdim, result: _select_backward_values(
    grad, self, dim, keepdim, result[1]))
def _median_dim(self, dim, keepdim):
    return return_types.median(_keep(self, dim, keepdim, _along(
        self, dim, lambda row: tuple([x] for x in _median_row(row)), out_len=1)))


def _keep(x, dim, keepdim, pair):
    if keepdim or not x._shape:
        return pair
    return tuple(t.squeeze(dim) for t in pair)


def _median_of(input, dim, keepdim, whole, along):
    if dim is None:
        return whole(input)
    d = wrap_dim(dim, max_ndim(input))
    _check_dim_nonempty(input, "median", d)
    return along(input, d, keepdim)


@op(name="median", forms="torch Tensor")
def median(input, dim=None, keepdim=False):
    return _median_of(input, dim, keepdim, _median_all, _median_dim)


def _nanmedian_row(row):
    """(value, index) of the lower median of the non-NaN values, ties by position (ATen's
    comparator for nth_element); an all-NaN row gives NaN."""
    present = sorted((v, i) for i, v in enumerate(row) if v == v)
    if not present:
        return math.nan, _first_of_equivalent(len(row))
    return present[(len(present) - 1) // 2]


def _first_of_equivalent(n):
    """The position libstdc++'s nth_element(first, first, last) leaves first when all n
    elements compare equivalent (NaNs under nanmedian's comparator): its pivot partitions."""
    order, first, last = list(range(n)), 0, n
    while last - first > 3:
        mid = first + (last - first) // 2
        order[first], order[mid] = order[mid], order[first]
        lo, hi = first + 1, last - 1
        while lo < hi:
            order[lo], order[hi] = order[hi], order[lo]
            lo, hi = lo + 1, hi - 1
        last = lo
    return order[first]


@op("NanmedianBackward0", name="nanmedian",
    result=lambda self_t, self, result: _evenly_read_jvp(self_t, self, result), self=lambda grad, self, result: _evenly_distribute(grad, self, result))
def _nanmedian_all(self):
    return from_values([_nanmedian_row(self._flat())[0] if self.numel() else math.nan], (), self.dtype)


@op("NanmedianBackward1", name="nanmedian.dim", packs="indices=result1", saved="dim indices keepdim self_sym_sizes",
    result=lambda self_t, dim, keepdim, result: _gather_keepdim(self_t, dim, result[1], keepdim), self=lambda grad, self, dim, keepdim, result:
    _select_backward_values(grad, self, dim, keepdim, result[1]))
def _nanmedian_dim(self, dim, keepdim):
    return return_types.nanmedian(_keep(self, dim, keepdim, _along(
        self, dim, lambda row: tuple([x] for x in _nanmedian_row(row)), out_len=1)))


@op(name="nanmedian", forms="torch Tensor")
def nanmedian(input, dim=None, keepdim=False):
    return _median_of(input, dim, keepdim, _nanmedian_all, _nanmedian_dim)


def _mode_row(row):
    if any(v != v for v in row):
        return _mode_by_sorting(row)
    counts = {}
    for v in row:
        counts[v] = counts.get(v, 0) + 1
    best = builtins_max(counts.values())
    value = builtins_min(v for v, c in counts.items() if c == best)
    return [value], [builtins_max(i for i, v in enumerate(row) if v == value)]


def _mode_by_sorting(row):
    """ATen's mode: (value, index) pairs sorted by value with std::sort, then the first longest run
    of equal values, at its last pair. A nan compares neither below nor equal, so it stays where
    the sort leaves it and forms a run of its own: libstdc++'s insertion sort, which sorts rows of
    up to 16 elements (longer ones with a nan are placed as if by that sort too, a stand-in)."""
    pairs = [(row[0], 0)]
    for i, v in enumerate(row[1:], 1):
        if v < pairs[0][0]:
            pairs.insert(0, (v, i))
            continue
        j = len(pairs)
        while v < pairs[j - 1][0]:
            j -= 1
        pairs.insert(j, (v, i))
    best, freq, mode = 0, 0, pairs[0]
    for k, pair in enumerate(pairs):
        freq += 1
        if k == len(pairs) - 1 or pair[0] != pairs[k + 1][0]:
            if freq > best:
                best, mode = freq, pair
            freq = 0
    return [mode[0]], [mode[1]]


@op("ModeBackward0", name="mode", packs="indices=result1", saved="dim indices keepdim self_sym_sizes",
    result=lambda self_t, dim, keepdim, result: _gather_keepdim(self_t, dim, result[1], keepdim), self=lambda grad, self, dim, keepdim, result: _select_backward_values(
    grad, self, dim, keepdim, result[1]))
def _mode(self, dim, keepdim):
    return return_types.mode(_keep(self, dim, keepdim, _along(self, dim, _mode_row, out_len=1)))


@op(name="mode", forms="torch Tensor")
def mode(input, dim=-1, keepdim=False):
    return _mode(input, wrap_dim(dim, max_ndim(input)), keepdim)


@op(name="unique", forms="torch Tensor")
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    if dim is not None:
        return _unique_dim(input, wrap_dim(dim, max_ndim(input)), return_inverse, return_counts)
    values = input._flat()
    # sorted, nan last, each nan its own value (nan != nan), as PyTorch's sort-then-compare gives
    uniq = _builtins.sorted({v for v in values if v == v}) + [v for v in values if v != v]
    out = [from_values(uniq, (len(uniq),), input.dtype)]
    if return_inverse:
        pos = {v: i for i, v in enumerate(uniq)}
        out.append(from_values([pos[v] for v in values], input._shape, _dtype.int64))
    if return_counts:
        counts = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        out.append(from_values([counts[v] for v in uniq], (len(uniq),), _dtype.int64))
    return out[0] if len(out) == 1 else tuple(out)


@op(name="unique_consecutive", forms="torch Tensor")
def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """Each run of equal consecutive elements (slices along ``dim``) kept once."""
    if dim is None:
        items = input._flat()
    else:
        d = wrap_dim(dim, max_ndim(input))
        items = [tuple(s.reshape(-1)._flat()) for s in input.unbind(d)]
    kept, inverse, counts = [], [], []
    for i, v in enumerate(items):
        if not kept or items[kept[-1]] != v:
            kept.append(i)
            counts.append(0)
        counts[-1] += 1
        inverse.append(len(kept) - 1)
    if dim is None:
        out = [from_values([items[i] for i in kept], (len(kept),), input.dtype)]
    else:
        out = [stack([select(input, d, i) for i in kept], d) if kept else narrow(input, d, 0, 0)]
    if return_inverse:
        out.append(from_values(inverse, input._shape if dim is None else (len(items),), _dtype.int64))
    if return_counts:
        out.append(from_values(counts, (len(counts),), _dtype.int64))
    return out[0] if len(out) == 1 else tuple(out)


def _cum_extreme(x, d, better, name):
    def scan(row):
        vals, idx = [], []
        best = None
        for i, v in enumerate(row):
            if best is None or _is_nan(v) or (not _is_nan(row[best]) and (better(v, row[best]) or v == row[best])):
                best = i
            vals.append(row[best])
            idx.append(best)
        return vals, idx
    return getattr(return_types, name)(_along(x, d, scan))


def _cum_extreme_backward(grad, self, dim, indices):
    """Each output's gradient goes to the element it repeats (PyTorch's cummaxmin_backward)."""
    return zeros(self._shape, dtype=grad.dtype).scatter_add(dim, indices, grad) if self.dim() else grad


@op("CummaxBackward0", name="cummax", packs="self indices=result1",
    result=lambda self_t, dim, result: _gather_keepdim(self_t, dim, result[1], True),
    self=lambda grad, self, dim, result: _cum_extreme_backward(grad, self, dim, result[1]))
def _cummax(self, dim):
    return _cum_extreme(self, dim, _greater, "cummax")


@op("CumminBackward0", name="cummin", packs="self indices=result1",
    result=lambda self_t, dim, result: _gather_keepdim(self_t, dim, result[1], True),
    self=lambda grad, self, dim, result: _cum_extreme_backward(grad, self, dim, result[1]))
def _cummin(self, dim):
    return _cum_extreme(self, dim, _less, "cummin")


@op(name="cummax", forms="torch Tensor")
def cummax(input, dim):
    return _cummax(input, wrap_dim(dim, max_ndim(input)))


@op(name="cummin", forms="torch Tensor")
def cummin(input, dim):
    return _cummin(input, wrap_dim(dim, max_ndim(input)))


def _aminmax_dims(self, dim):
    """The dims aminmax reduces: ``dim`` as its node keeps it (an int or None: all)."""
    return reduced_dims(self, () if dim is None else dim)


def _aminmax_backward(grads, self, dim, keepdim, result):
    """amin's and amax's gradients added (each split evenly among ties)."""
    dim = _aminmax_dims(self, dim)
    parts = [_amax_backward(g, self, dim, keepdim, r) for g, r in zip(grads, result) if g is not None]
    return parts[0] if len(parts) == 1 else parts[0] + parts[1]


@op("AminmaxBackward0", name="aminmax", packs="self max=result1 min=result0",
    result=lambda self_t, self, dim, keepdim, result: tuple(_amaxamin_jvp(self, self_t, r, _aminmax_dims(self, dim), keepdim)
                                                            for r in result),
    self=lambda grads, self, dim, keepdim, result: _aminmax_backward(grads, self, dim, keepdim, result))
def _aminmax(self, dim, keepdim):
    dims = _aminmax_dims(self, dim)
    return return_types.aminmax((_amin.forward(self, dims, keepdim), _amax.forward(self, dims, keepdim)))


@op(name="aminmax", forms="torch Tensor")
def aminmax(input, *, dim=None, keepdim=False):
    return _aminmax(input, dim, keepdim)


@op("KthvalueBackward0", name="kthvalue", packs="indices=result1", saved="dim indices keepdim self_sym_sizes",
    result=lambda self_t, dim, keepdim, result: _gather_keepdim(self_t, dim, result[1], keepdim), self=lambda grad, self, dim, keepdim, result: _select_backward_values(
    grad, self, dim, keepdim, result[1]))
def _kthvalue(self, k, dim, keepdim):
    def kth(row):
        vals, idx = _sorted_row(row, False)
        return [vals[k - 1]], [idx[k - 1]]
    return return_types.kthvalue(_keep(self, dim, keepdim, _along(self, dim, kth, out_len=1)))


@op(name="kthvalue", forms="torch Tensor")
def kthvalue(input, k, dim=-1, keepdim=False):
    return _kthvalue(input, k, wrap_dim(dim, max_ndim(input)), keepdim)


@op(name="diff", forms="torch Tensor")
def diff(input, n=1, dim=-1, prepend=None, append=None):
    """``n``-th differences along ``dim``, of ``input`` with ``prepend`` and ``append`` joined to it there."""
    d = wrap_dim(dim, max_ndim(input))
    ends = [t for t in (prepend, append) if t is not None]
    if any(t.dim() != input.dim() for t in ends):
        raise RuntimeError("diff expects prepend or append to be the same dimension as input")
    out = cat([t for t in (prepend, input, append) if t is not None], d) if ends else input
    for _ in range(n):
        size = out._shape[d]
        out = narrow(out, d, 1, size - 1) - narrow(out, d, 0, size - 1)
    return out


def _unique_dim(x, dim, return_inverse, return_counts):
    slices = [select(x, dim, i) for i in range(x._shape[dim])]
    keys = [tuple(s._flat()) for s in slices]
    order = _builtins.sorted(set(keys))
    first = {k: keys.index(k) for k in order}
    out = [stack([slices[first[k]] for k in order], dim)]
    if return_inverse:
        pos = {k: i for i, k in enumerate(order)}
        out.append(from_values([pos[k] for k in keys], (len(keys),), _dtype.int64))
    if return_counts:
        out.append(from_values([keys.count(k) for k in order], (len(order),), _dtype.int64))
    return out[0] if len(out) == 1 else tuple(out)
