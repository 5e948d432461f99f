"""Counting and binning: histc, histogram, bincount, searchsorted, bucketize.

None of them has a gradient (PyTorch: histc's output is not tracked, histogram's carries a
NotImplemented node). Bin positions follow PyTorch's CPU kernel (HistogramKernel.cpp) in the
input's own float arithmetic: evenly spaced edges by linear interpolation
``int((x - left) * bins / (right - left))`` (histogram then checks the neighbouring edges),
explicit edges by binary search; a value on the last edge counts in the last bin, values
outside the edges are skipped.
"""
import bisect
import builtins
import math

from .. import _dtype
from .._float32 import f32
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from ._helpers import from_values, type_name
from .creation import linspace
from .pointwise import _no_derivative as no_aten_derivative


def _rounding(dtype):
    return f32 if dtype.itemsize == 4 else float


def _check_float(x, kernel):
    if x.dtype.kind != "f":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(x.dtype)}\'')


def _bin_finder(edges, dtype, local_search):
    """A function giving a value's bin among ``edges`` (linear interpolation when
    ``local_search`` is not None, else binary search), or None outside the edges."""
    r = _rounding(dtype)
    bins = len(edges) - 1
    left, right = edges[0], edges[-1]
    span = r(right - left)

    def find(v):
        if not (left <= v <= right):
            return None
        if local_search is None:
            pos = bisect.bisect_right(edges, v) - 1
        else:
            pos = int(r(r(r(v - left) * bins) / span))
            if local_search:
                lo, hi = max(0, pos - 1), min(pos + 2, len(edges))
                pos = bisect.bisect_right(edges, v, lo, hi) - 1
        return bins - 1 if pos == bins else pos
    return find


def _counts(values, edges, weights, dtype, local_search):
    """Each value's bin among ``edges``, summed as 1 or its weight in the dtype's arithmetic."""
    return _counts_dd([[v] for v in values], [edges], weights, dtype, local_search)


def _counts_dd(points, edges, weights, dtype, local_search):
    """The flat (row-major) histogram of ``points`` (each a value per dim) over the bins of
    ``edges`` (one edge list per dim); a point outside any dim's edges is skipped."""
    r = _rounding(dtype)
    finders = [_bin_finder(e, dtype, local_search) for e in edges]
    sizes = [len(e) - 1 for e in edges]
    hist = [0.0] * math.prod(sizes)
    for i, point in enumerate(points):
        flat = 0
        for find, size, v in zip(finders, sizes, point):
            pos = find(v)
            if pos is None:
                break
            flat = flat * size + pos
        else:
            hist[flat] = r(hist[flat] + (1.0 if weights is None else weights[i]))
    return hist


@op(name="histc", forms="torch Tensor")
def histc(input, bins=100, min=0, max=0, *, out=None):
    _check_float(input, "histogram_cpu")
    left, right = float(min), float(max)
    if left == right and input.numel():
        values = input._flat()
        left, right = float(builtins.min(values)), float(builtins.max(values))
    if left == right:
        left, right = left - 1, right + 1
    if not (math.isfinite(left) and math.isfinite(right)):
        raise RuntimeError(f"torch.histc: range of [{left:g}, {right:g}] is not finite")
    if left >= right:
        raise RuntimeError("torch.histc: max must be larger than min")
    edges = linspace(left, right, bins + 1, dtype=input.dtype)._flat()
    return from_values(_counts(input._flat(), edges, None, input.dtype, local_search=False), (bins,), input.dtype)


@op("NotImplemented", name="histogram.bins_tensor", self=lambda grad: _no_derivative("histogram"))
def _histogram(self, edges, weight, density, local_search):
    dtype = self.dtype
    edge_values = edges._flat()
    weights = None if weight is None else weight._flat()
    hist = _counts(self._flat(), edge_values, weights, dtype, local_search)
    if density:
        r = _rounding(dtype)
        total = 0.0
        for h in hist:
            total = r(total + h)
        hist = [r(r(h / total) / r(b - a)) for h, a, b in zip(hist, edge_values, edge_values[1:])]
    with no_grad():
        edges = edges.clone()
    return from_values(hist, (len(hist),), dtype), edges


def _no_derivative(name):
    raise RuntimeError(f"the derivative for '{name}' is not implemented.")


def _evenly_spaced(values, given_range, count, dtype, d):
    """``count`` bins' edges over the given range, or the values' min to max (widened by 0.5
    each way when they are equal), with histogramdd's checks for dimension ``d``."""
    if given_range is not None:
        left, right = float(given_range[0]), float(given_range[1])
    elif values:
        left, right = float(builtins.min(values)), float(builtins.max(values))
    else:
        left = right = 0.0
    if not (math.isfinite(left) and math.isfinite(right)):
        raise RuntimeError(f"torch.histogramdd: dimension {d}'s range [{left:g}, {right:g}] is not finite")
    if left > right:
        raise RuntimeError(f"torch.histogramdd: min should not exceed max, but got min {left:g} max {right:g} "
                           f"for dimension {d}")
    if left == right:
        left, right = left - 0.5, right + 0.5
    return linspace(left, right, count + 1, dtype=dtype)


@op(name="histogram.bin_ct", forms="torch Tensor")
def histogram(input, bins=100, *, range=None, weight=None, density=False, out=None):
    from ..return_types import histogram as result
    _check_float(input, "histogram_cpu")
    if isinstance(bins, int):
        edges, local_search = _evenly_spaced(input._flat(), range, bins, input.dtype, 0), True
    else:
        edges, local_search = bins, None
    return result(_histogram(input, edges, weight, density, local_search))


def _bin_edges_dd(input, bins, range):
    """histogramdd's edges per dim: the given tensors, or ``bins`` evenly spaced over the
    range (given, or the dim's min to max, widened by 0.5 each way when they are equal)."""
    dims = input._shape[-1]
    if not isinstance(bins, int) and len(bins) != dims:
        raise RuntimeError("histogramdd: The size of bins must be equal to the innermost dimension of the input.")
    if range is not None and len(range) != 2 * dims:
        raise RuntimeError(f"torch.histogramdd: for a {dims}-dimensional histogram range should have {2 * dims} "
                           f"elements, but got {len(range)}")
    if bins and not isinstance(bins, int) and not isinstance(bins[0], int):
        return list(bins), None
    counts = [bins] * dims if isinstance(bins, int) else list(bins)
    columns = input.reshape(-1, dims).mT.tolist() if input.numel() else [[] for _ in builtins.range(dims)]
    edges = []
    for d, (count, column) in enumerate(zip(counts, columns)):
        if count < 1:
            raise RuntimeError(f"torch.histogramdd: bins tensor should have at least 1 element, but got "
                               f"{builtins.max(count + 1, 0)} elements in the bins tensor for dimension {d}")
        edges.append(_evenly_spaced(column, None if range is None else range[2 * d:2 * d + 2], count, input.dtype, d))
    return edges, True


@op("NotImplemented", name="_histogramdd",
    self=lambda grad, local_search: no_aten_derivative("_histogramdd_from_bin_tensors" if local_search is None
                                                       else "_histogramdd_from_bin_cts"))
def _histogramdd(self, edges, weight, density, local_search):
    dtype = self.dtype
    edge_values = [e._flat() for e in edges]
    dims = self._shape[-1]
    flat = self._flat()
    points = [flat[i:i + dims] for i in builtins.range(0, len(flat), dims)]
    hist = _counts_dd(points, edge_values, None if weight is None else weight._flat(), dtype, local_search)
    shape = tuple(len(e) - 1 for e in edge_values)
    out = from_values(hist, shape, dtype)
    if density:  # ATen: divided by the total, then by each dim's bin widths in turn
        with no_grad():
            out = out / out.sum()
            for d, e in enumerate(edges):
                widths = e.narrow(0, 1, e.numel() - 1) - e.narrow(0, 0, e.numel() - 1)
                out = out / widths.reshape((-1,) + (1,) * (len(shape) - 1 - d))
    return out


@op(name="histogramdd", forms="torch")
def histogramdd(input, bins, *, range=None, weight=None, density=False, out=None):
    """A histogram of the points in ``input``'s rows (the last dim holds each point's
    coordinates): ``bins`` a count for all dims, one per dim, or each dim's edges."""
    from ..return_types import histogramdd as result
    if input.dim() < 2:
        raise RuntimeError("torch.histogramdd: input tensor should have at least 2 dimensions")
    _check_float(input, "histogramdd")
    if weight is not None and weight._shape != input._shape[:-1]:
        raise RuntimeError(f"torch.histogramdd: if weight tensor is provided it should have the same shape as the "
                           f"input tensor excluding its innermost dimension, but got input with shape "
                           f"{list(input._shape)} and weight with shape {list(weight._shape)}")
    edges, local_search = _bin_edges_dd(input, bins, range)
    hist = _histogramdd(input, edges, weight, density, local_search)
    with no_grad():
        return result((hist, tuple(e.clone() for e in edges)))


@op(name="bincount", forms="torch Tensor")
def bincount(input, weights=None, minlength=0):
    if input.dtype.kind not in "iu" or input.dtype is _dtype.bool_:
        raise NotImplementedError(f'"bincount_cpu" not implemented for \'{type_name(input.dtype)}\'')
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    values = input._flat()
    if input.dim() != 1 or (values and builtins.min(values) < 0):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    size = builtins.max(builtins.max(values) + 1 if values else 0, minlength)
    if weights is None:
        counts = [0] * size
        for v in values:
            counts[v] += 1
        return from_values(counts, (size,), _dtype.int64)
    if weights.dim() != 1 or weights.numel() != input.numel():
        raise RuntimeError("weights should be 1-d and have the same length as input")
    dtype = _dtype.float32 if weights.dtype is _dtype.float32 else _dtype.float64
    r = _rounding(dtype)
    sums = [0.0] * size
    for v, w in zip(values, weights._flat()):
        sums[v] = r(sums[v] + w)
    return from_values(sums, (size,), dtype)


@op(name="searchsorted.Tensor", forms="torch")
def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None, out=None):
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}")
        if right and side == "left":
            raise RuntimeError("torch.searchsorted(): side and right can't be set to opposites, got side of left "
                               "while right was True")
        right = side == "right"
    scalar = not hasattr(input, "_shape")
    values = [input] if scalar else input._flat()
    boundaries = sorted_sequence._flat()
    order = None if sorter is None else sorter._flat()
    inner = sorted_sequence._shape[-1] if sorted_sequence._shape else 0
    if sorted_sequence.dim() > 1:
        if scalar or input._shape[:-1] != sorted_sequence._shape[:-1]:
            raise RuntimeError("torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
                               "dimensions of boundaries tensor and input value tensor must match, but we got "
                               f"boundaries tensor {list(sorted_sequence._shape)} and input value tensor "
                               f"{list(() if scalar else input._shape)}")
        per_row = input._shape[-1] if input._shape else 1
    else:
        per_row = len(values) or 1
    if any(v != v for v in values) or any(b != b for b in boundaries):
        find = _aten_upper_bound if right else _aten_lower_bound
    else:
        find = bisect.bisect_right if right else bisect.bisect_left
    found = []
    for i, v in enumerate(values):
        row = i // per_row if sorted_sequence.dim() > 1 else 0
        seq = boundaries[row * inner:(row + 1) * inner]
        if order is not None:
            seq = [seq[k] for k in order[row * inner:(row + 1) * inner]]
        found.append(find(seq, v))
    dtype = _dtype.int32 if out_int32 else _dtype.int64
    return from_values(found, () if scalar else input._shape, dtype)


def _aten_lower_bound(seq, v):
    """ATen's binary search, where a nan compares neither way and so sends the search right."""
    lo, hi = 0, len(seq)
    while lo < hi:
        mid = lo + (hi - lo) // 2
        if not seq[mid] >= v:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _aten_upper_bound(seq, v):
    lo, hi = 0, len(seq)
    while lo < hi:
        mid = lo + (hi - lo) // 2
        if not seq[mid] > v:
            lo = mid + 1
        else:
            hi = mid
    return lo


@op(name="bucketize.Tensor", forms="torch")
def bucketize(input, boundaries, *, out_int32=False, right=False, out=None):
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})")
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)
