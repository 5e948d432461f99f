"""Indexing: ``x[...]`` and ``x[...] = v``, index_select, gather, scatter, nonzero.

Basic indices (ints, slices, None, ...) give views, one recorded op each, as in PyTorch;
integer/bool tensor indices then gather in one ``index`` op (IndexBackward0).
"""
import builtins
import math
from itertools import compress
from operator import add

from .. import _dtype
from .._backend import backend as B
from .._tensor import Tensor, contiguous_strides, numel_of
from ..autograd.derivatives import op
from ..autograd.grad_mode import _state as _grad_mode, no_grad
from ._helpers import broadcast_shapes, buffer_as, new_tensor, wrap_dim, from_values, scalar_as, type_name
from .copy import check_no_overlap, commit_inplace, copy_
from .creation import tensor
from . import shape as S
from .shape import index_add_flat, take_flat


# ---- parsing an index -----------------------------------------------------------------------

def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _normalise(index):
    """The index as a list of entries, and whether it was a tuple. A range is a sequence of
    ints to PyTorch, so it indexes like the list of its ints (x[range(n), y])."""
    if isinstance(index, range):
        return [list(index)], False
    if isinstance(index, tuple):
        return [list(i) if isinstance(i, range) else i for i in index], True
    if isinstance(index, list) and any(isinstance(i, (builtins.slice, type(None), type(Ellipsis), Tensor, list, tuple))
                                       for i in index):
        return list(index), True
    return [index], False


def _bad_index(v):
    return IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
                      f"are valid indices (got {type(v).__name__})")


def _as_index_tensor(v):
    if isinstance(v, Tensor):
        if v.dtype.kind == "f":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        return v
    t = tensor(v, dtype=_dtype.int64) if isinstance(v, (list, tuple)) and not v else tensor(v)  # x[[]]: no rows
    if t.dtype.kind == "f":
        raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    return t


def _mask_positions(keep):
    """A 0-d mask as an index: position 0, or none."""
    return from_values([0] if keep else [], (1 if keep else 0,), _dtype.int64)


def _consumed_dims(item):
    """How many dims of the input one index entry uses."""
    if item is None or item is Ellipsis:
        return 0
    if isinstance(item, Tensor) and item.dtype in (_dtype.bool_, _dtype.uint8):
        return max(item.dim(), 1) if item.dim() else 0
    if isinstance(item, bool):
        return 0
    return 1


def _apply_basic(x, items, is_tuple):
    """Apply ints, slices, None and ... as views; return (result, advanced indices per dim)."""
    ndim = x.dim()
    used = builtins.sum(_consumed_dims(i) for i in items)
    if used > ndim:
        if not x._shape and not is_tuple and _is_int(items[0]):
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        if not x._shape and not is_tuple and isinstance(items[0], builtins.slice):
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    result = x
    dim = 0  # the dim of ``result`` the next entry applies to
    advanced = {}
    source_dims = {}  # result dim -> dim of x, for error messages
    position = 0  # entries so far, None included (PyTorch's dim in an int index's error)
    nones = 0  # dims added by None (not counted in an index tensor's error)
    has_tensor_index = builtins.any(isinstance(i, (Tensor, list, tuple)) for i in items)
    applied = False
    ellipsis_dims = ndim - used  # every ... skips the unindexed dims (PyTorch does so even twice)
    for item in items:
        if item is Ellipsis:
            position += ellipsis_dims
            dim += ellipsis_dims
            continue
        position += max(_consumed_dims(item), 1)
        if item is None:
            nones += 1
            result = S.unsqueeze(result, dim)
            dim += 1
            applied = True
            continue
        if isinstance(item, bool):
            result = S.unsqueeze(result, dim)
            advanced[dim] = _mask_positions(item)
            dim += 1
            continue
        if isinstance(item, Tensor) and item.dim() == 0 and item.dtype.kind in "iu":
            item = int(item.item())
        if _is_int(item):
            # PyTorch names the dim of x, or, next to tensor indices, the dim of the result
            result = _selected(result, dim, item, dim if has_tensor_index else position - 1 - nones)
            applied = True
            continue
        if isinstance(item, builtins.slice):
            start, stop, step = _slice_bounds(item)
            # PyTorch skips a slice of a tuple index that covers its dim from 0 (x[0, :3] of 3 columns)
            full = start in (None, 0) and (stop is None or stop >= result._shape[dim]) and step == 1
            if not (is_tuple and full):
                result = S.slice(result, dim, start, stop, step)
                applied = True
            dim += 1
            continue
        if isinstance(item, (Tensor, list, tuple)):
            t = _as_index_tensor(item)
            if t.dtype in (_dtype.bool_, _dtype.uint8):
                if t.dim() == 0:
                    result = S.unsqueeze(result, dim)
                    advanced[dim] = _mask_positions(t.item())
                    dim += 1
                    continue
                for k in range(t.dim()):
                    if t._shape[k] != result._shape[dim + k]:
                        raise IndexError(f"The shape of the mask [{', '.join(map(str, t._shape))}] at index "
                                         f"{k} does not match the shape of the indexed tensor "
                                         f"[{', '.join(map(str, result._shape))}] at index {dim + k}")
                for k, idx in enumerate(nonzero(t, as_tuple=True)):
                    advanced[dim + k] = idx
                dim += t.dim()
                continue
            advanced[dim] = t
            source_dims[dim] = dim - nones
            dim += 1
            continue
        raise _bad_index(item)
    if not applied and not advanced and result is x:
        result = S.alias(x)
    return result, advanced, source_dims


def _selected(x, dim, index, where):
    """x.select(dim, index), an index out of range named as dimension ``where`` in the error."""
    size = x._shape[dim]
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for dimension {where} with size {size}")
    return S.select(x, dim, index)


def _slice_bounds(item):
    """A slice's (start, stop, step) as ints (start and stop possibly None)."""
    start, stop, step = (_slice_int(v) for v in (item.start, item.stop, item.step))
    step = 1 if step is None else step
    if step == 0:
        raise ValueError("slice step cannot be zero")
    return start, stop, step


def _slice_int(v):
    if v is None or _is_int(v):
        return v
    if isinstance(v, Tensor):
        return int(v.item())
    if hasattr(v, "__index__"):
        return v.__index__()
    raise TypeError("slice indices must be integers or None or have an __index__ method")


def _broadcast_indices(shapes):
    try:
        return broadcast_shapes(*shapes)
    except RuntimeError:
        raise IndexError("shape mismatch: indexing tensors could not be broadcast together with shapes "
                         + ", ".join(f"[{', '.join(map(str, s))}]" for s in shapes)) from None


def _advanced_positions(x, advanced, source_dims):
    """Result shape and the flat positions (in contiguous x) of advanced indexing."""
    dims = sorted(advanced)
    index_shape = _broadcast_indices([advanced[d]._shape for d in dims])
    empty = any(x._shape[k] == 0 for k in range(x.dim()) if k not in advanced)  # an empty result checks nothing
    strides = contiguous_strides(x._shape)
    index_offsets = None  # of each index tuple
    for d in dims:
        t = advanced[d]
        values = B.to_list(buffer_as(t, index_shape, _dtype.int64), _dtype.int64) if t._shape != index_shape \
            else t._flat() if t.dtype is _dtype.int64 else [int(v) for v in t._flat()]
        size = x._shape[d]
        if values and (min(values) < 0 or max(values) >= size):  # (one pass each, in C)
            for v in values:
                if not empty and not -size <= v < size:
                    raise IndexError(f"index {v} is out of bounds for dimension {source_dims.get(d, d)} with "
                                     f"size {size}")
            values = [v + size if v < 0 else v for v in values]
        if strides[d] != 1:
            values = [v * strides[d] for v in values]
        index_offsets = values if index_offsets is None else list(map(add, index_offsets, values))
    adjacent = dims == list(range(dims[0], dims[0] + len(dims)))
    rest = [d for d in range(x.dim()) if d not in advanced]
    before = [d for d in rest if d < dims[0]] if adjacent else []
    after = [d for d in rest if d not in before]

    def grid(ds):
        offs = [0]
        for d in ds:
            offs = [o + k * strides[d] for o in offs for k in range(x._shape[d])]
        return offs

    pos = B.grid_positions(grid(before), index_offsets, grid(after))
    shape = tuple(x._shape[d] for d in before) + tuple(index_shape) + tuple(x._shape[d] for d in after)
    return shape, pos


def _whole_mask_positions(x, items):
    """The flat positions of ``x[mask]`` when the index is one bool mask of x's whole shape
    (the tutorials' ``grad_h[h < 0] = 0``), else None. The general path (nonzero, then index
    offsets) gives the same list one Python step per element."""
    mask = items[0] if len(items) == 1 else None
    if not (isinstance(mask, Tensor) and mask.dtype is _dtype.bool_ and mask.dim() and mask._shape == x._shape):
        return None
    return list(compress(range(mask.numel()), mask._flat()))


def _torch_indices(x, items):
    """The index tensors of ``x[items]`` as PyTorch's index op takes (and its node saves) them: one per
    dim up to the last indexed one, None where a dim is not indexed; ints are applied before (select)."""
    ellipsis_dims = x.dim() - builtins.sum(_consumed_dims(i) for i in items)
    out = []
    for item in items:
        if item is Ellipsis:
            out += [None] * ellipsis_dims
        elif isinstance(item, (Tensor, list, tuple)) and not (isinstance(item, Tensor) and item.dim() == 0
                                                              and item.dtype.kind in "iu"):
            out.append(_as_index_tensor(item))
        elif not _is_int(item) and not isinstance(item, Tensor):
            out.append(None)
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


@op("IndexBackward0", name="index.Tensor", result="auto_linear", saved="indices self_sym_sizes",
    self=lambda grad, self, positions: index_add_flat(grad, self._shape, positions))
def _index(self, shape, positions, indices):
    return new_tensor(B.gather(self._buf(), positions), shape, self.dtype)


@op(name="__getitem__", forms="Tensor.__getitem__")
def getitem(self, index):
    if self._shape and (index.__class__ is int or index.__class__ is builtins.slice):
        return _first_dim_view(self, index)  # x[i], x[a:b]: the commonest indices, as _apply_basic takes them
    items, is_tuple = _normalise(index)
    if not is_tuple and isinstance(index, (Tensor, list)):
        items = [index]
    pos = _whole_mask_positions(self, items)
    if pos is not None:
        return _index(self, (len(pos),), pos, (items[0],))
    result, advanced, source_dims = _apply_basic(self, items, is_tuple)
    if not advanced:
        return result
    shape, pos = _advanced_positions(result, advanced, source_dims)
    return _index(result, shape, pos, _torch_indices(self, items))


def _first_dim_view(x, index):
    """x[index] for an int or a slice (not in a tuple) on a tensor of at least one dim."""
    if index.__class__ is int:
        return _selected(x, 0, index, 0)
    return S.slice(x, 0, *_slice_bounds(index))


@op(name="__setitem__", forms="Tensor.__setitem__")
def setitem(self, index, value):
    """``self[index] = value``: basic indexing takes a view and copies into it (the base's
    history becomes CopySlices); advanced indexing is an index_put_ (IndexPutBackward0)."""
    items, is_tuple = _normalise(index)
    if not is_tuple and isinstance(index, (Tensor, list)):
        items = [index]
    pos = _whole_mask_positions(self, items)
    if pos is not None:
        check_no_overlap(self)
        _put_at(self, pos, (len(pos),), value, (items[0],))
        return
    target, advanced, source_dims = _apply_basic(self, items, is_tuple)
    if isinstance(value, Tensor) and value.dim() > target.dim() and not advanced:
        # like PyTorch, a value with extra leading size-1 dims fits (x[0] = t of shape [1, n])
        lead = value.dim() - target.dim()
        if all(s == 1 for s in value._shape[:lead]):
            value = value.view(value._shape[lead:])
    if not advanced:
        if isinstance(value, Tensor) and value._shape != target._shape:
            value.detach().expand(target._shape)  # PyTorch's error: setitem expands value to the target's shape
        copy_(target, value)
        return
    check_no_overlap(self)
    shape, pos = _advanced_positions(target, advanced, source_dims)
    _put_at(target, pos, shape, value, _torch_indices(self, items))


def _put_at(target, positions, shape, value, indices):
    """index_put_ of value (broadcast to the indexing result's shape) at flat positions of target
    (``indices``: PyTorch's index tensors, for the node)."""
    _check_put_values(value, shape)
    values_shape = value._shape if isinstance(value, Tensor) else ()
    commit_inplace(target, _index_put(target, positions, value, tuple(shape), values_shape, indices))


@op("IndexPutBackward0", name="index_put", saved="accumulate indices",
    result="auto_linear",
    self=lambda grad, positions: _zeros_at(grad, positions),
    values=lambda grad, positions, shape, values_shape:
        take_flat(grad, positions).reshape(shape).sum_to_size(values_shape) if values_shape
        else take_flat(grad, positions).sum())
def _index_put(self, positions, values, shape, values_shape, indices, accumulate=False):
    """self with ``values`` (broadcast to the indexing result's ``shape``) at flat ``positions``."""
    buf = B.copy(self._buf())
    if isinstance(values, Tensor):
        src = buffer_as(values, shape, self.dtype)
    else:
        src = B.full(numel_of(shape), scalar_as(values, self.dtype), self.dtype)
    B.scatter(buf, positions, src)
    return new_tensor(buf, self._shape, self.dtype)


def _put_positions(self, indices):
    """The indexing result's shape and flat positions of ``self[tuple(indices)]``."""
    target, advanced, source_dims = _apply_basic(self, list(indices), True)
    return _advanced_positions(target, advanced, source_dims)


def _check_put_values(values, shape):
    if not isinstance(values, Tensor):
        return
    try:
        fits = broadcast_shapes(values._shape, shape) == tuple(shape)
    except RuntimeError:
        fits = False
    if not fits:
        raise RuntimeError(f"shape mismatch: value tensor of shape [{', '.join(map(str, values._shape))}] "
                           f"cannot be broadcast to indexing result of shape [{', '.join(map(str, shape))}]")


@op("IndexPutBackward0", name="index_put", saved="accumulate indices",
    result="auto_linear",
    self=lambda grad: grad,
    values=lambda grad, positions, shape, values_shape:
        take_flat(grad, positions).reshape(shape).sum_to_size(values_shape) if values_shape
        else take_flat(grad, positions).sum())
def _index_put_accumulate(self, positions, values, shape, values_shape, indices, accumulate=True):
    """self with ``values`` (broadcast to ``shape``) added at flat ``positions``, in order."""
    src = buffer_as(values, shape, self.dtype)
    return new_tensor(B.scatter_add(self._buf(), positions, src, self.dtype), self._shape, self.dtype)


@op(name="index_put", forms="torch Tensor Tensor_ torch_")
def index_put(self, indices, values, accumulate=False):
    shape, pos = _put_positions(self, indices)
    _check_put_values(values, shape)
    put = _index_put_accumulate if accumulate else _index_put
    return put(self, pos, values, tuple(shape), values._shape if isinstance(values, Tensor) else (), tuple(indices))


def _zeros_at(grad, positions):
    """grad with zeros at flat ``positions`` (a masked_fill, so create_graph can differentiate it)."""
    hit = [False] * grad.numel()
    for p in positions:
        hit[p] = True
    return grad.masked_fill(from_values(hit, grad._shape, _dtype.bool_), 0)


# ---- index_select, gather, scatter, masked_select, nonzero, take ------------------------------

@op(name="index_select", forms="torch Tensor")
def index_select(self, dim, index):
    d = wrap_dim(dim, max(self.dim(), 1))
    if index.dtype.kind not in "iu":
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    if index.dim() > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if not self._shape and index.numel() != 1:
        raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got {index.numel()} value(s)")
    return _index_select(self, d, index)


def _index_select_backward(grad, self, dim, index):
    """Zeros with grad's rows added at index: with create_graph, PyTorch's zeros.index_add_ (its
    IndexAddBackward0 recorded); else on buffers."""
    if _grad_mode["enabled"]:
        return grad.new_zeros(self._shape).index_add_(dim, index, grad)
    return index_add_flat(grad, self._shape, _select_positions(self._shape, dim, index))


@op("IndexSelectBackward0", name="index_select", result="auto_linear", self=_index_select_backward)
def _index_select(self, dim, index):
    pos = _select_positions(self._shape, dim, index)
    shape = self._shape[:dim] + (index.numel(),) + self._shape[dim + 1:] if self._shape else ()
    return new_tensor(B.gather(self._buf(), pos), shape, self.dtype)


def _select_positions(shape, dim, index):
    """The flat positions index_select reads; ATen's errors for an index outside [0, size) (no
    negative indices), its dim-1 kernel's own message."""
    size = shape[dim] if shape else 1
    idx = index._flat()
    for v in idx:
        if not 0 <= v < size:
            if dim == 1 and len(shape) > 1:
                raise RuntimeError(f"INDICES element is out of DATA bounds, id={v} axis_dim={size}")
            raise IndexError("index out of range in self")
    if not shape:
        return [0 for _ in idx]
    strides = contiguous_strides(shape)
    outer = numel_of(shape[:dim])
    inner = numel_of(shape[dim + 1:])
    return [o * strides[dim] * size + i * strides[dim] + k
            for o in range(outer) for i in idx for k in range(inner)]


def _gather_positions(self_shape, dim, index, name):
    """For each element of index: the flat position in contiguous self it selects (gather and
    scatter take no negative index, as PyTorch's)."""
    values = index._flat()
    size = self_shape[dim] if self_shape else 1
    bad = next((v for v in values if not 0 <= v < size), None)
    if bad is not None:
        raise RuntimeError(f"index {bad} is out of bounds for dimension {dim} with size {size}")
    strides = contiguous_strides(self_shape) or (1,)
    step = strides[dim]
    base = _grid_positions(index._shape, strides[:dim] + (0,) + strides[dim + 1:])  # dim's coordinate is v
    return [b + v * step for b, v in zip(base, values)]


def _grid_positions(shape, strides):
    """The flat position (with ``strides``) of every coordinate of ``shape``, in row-major order."""
    out = [0]
    for n, st in zip(shape, strides):
        offsets = [c * st for c in range(n)]
        out = [p + o for p in out for o in offsets]
    return out


def _check_gather_shapes(self, dim, index, name):
    if index.dim() != self.dim() and not (index.dim() <= 1 and self.dim() <= 1):
        raise RuntimeError(f"Index tensor must have the same number of dimensions as {'input' if name == 'gather' else 'self'} tensor")
    for d in range(index.dim()):
        if d != dim and index._shape[d] > self._shape[d]:
            raise RuntimeError(f"Size does not match at dimension {d} expected index "
                               f"[{', '.join(map(str, index._shape))}] to be no larger than "
                               f"{'self' if name == 'gather' else 'self'} "
                               f"[{', '.join(map(str, self._shape))}] apart from dimension {dim}")


@op(name="gather", forms="torch Tensor")
def gather(self, dim, index, *, sparse_grad=False):
    d = wrap_dim(dim, max(self.dim(), 1))
    if index.dtype is not _dtype.int64:
        raise RuntimeError("gather(): Expected dtype int64 for index")
    _check_gather_shapes(self, d, index, "gather")
    return _gather(self, d, index, sparse_grad)


@op("GatherBackward0", name="gather", packs="index self", saves="sparse_grad", result="auto_linear", self=lambda grad, self, dim, index: index_add_flat(
    grad, self._shape, _gather_positions(self._shape, dim, index, "gather")))
def _gather(self, dim, index, sparse_grad):
    pos = _gather_positions(self._shape, dim, index, "gather")
    return new_tensor(B.gather(self._buf(), pos), index._shape, self.dtype)


def _scatter_values(self, dim, index, src, reduce=None):
    if index.dtype is not _dtype.int64:
        raise RuntimeError("scatter(): Expected dtype int64 for index")
    _check_gather_shapes(self, dim, index, "scatter")
    pos = _gather_positions(self._shape, dim, index, "scatter")
    buf = self._buf()
    buf = B.copy(buf) if buf is self._storage.buf else buf
    if isinstance(src, Tensor):
        if src.dtype is not self.dtype:
            raise RuntimeError(f"scatter(): Expected self.dtype to be equal to src.dtype")
        values = B.gather(src._buf(), _src_positions(src, index))
    else:
        values = B.full(len(pos), scalar_as(src, self.dtype), self.dtype)
    if reduce is None:
        B.scatter(buf, pos, values)
    else:
        out = B.to_list(buf, self.dtype)
        vals = B.to_list(values, self.dtype)
        for p, v in zip(pos, vals):
            out[p] = out[p] + v if reduce == "add" else out[p] * v
        buf = B.from_list(out, self.dtype)
    return new_tensor(buf, self._shape, self.dtype)


def _src_positions(src, index):
    """Positions in contiguous src of the elements matching index's elements (same coords)."""
    return _grid_positions(index._shape, contiguous_strides(src._shape))


@op("ScatterBackward0", name="scatter.src",
    result="auto_linear",
    self=lambda grad, dim, index: grad.scatter(dim, index, 0),
    src=lambda grad, dim, index: grad.gather(dim, index))
def _scatter_src(self, dim, index, src):
    return _scatter_values(self, dim, index, src)


@op("ScatterBackward1", name="scatter.value",
    result=lambda self_t, dim, index: self_t.scatter(dim, index, 0), self=lambda grad, dim, index: grad.scatter(dim, index, 0))
def _scatter_value(self, dim, index, value):
    return _scatter_values(self, dim, index, value)


@op(name="scatter", forms="torch Tensor Tensor_")
def scatter(self, dim, index, src=None, *, value=None, reduce=None):
    d = wrap_dim(dim, max(self.dim(), 1))
    src = value if src is None else src
    if reduce is not None:
        return _scatter_values(self, d, index, src, reduce)
    if isinstance(src, Tensor):
        return _scatter_src(self, d, index, src)
    return _scatter_value(self, d, index, src)


@op("ScatterAddBackward0", name="scatter_add",
    result="auto_linear",
    self=lambda grad: grad,
    src=lambda grad, dim, index: grad.gather(dim, index))
def _scatter_add(self, dim, index, src):
    return _scatter_values(self, dim, index, src, "add")


@op(name="scatter_add", forms="torch Tensor Tensor_")
def scatter_add(self, dim, index, src):
    return _scatter_add(self, wrap_dim(dim, max(self.dim(), 1)), index, src)


@op(name="nonzero", forms="torch Tensor")
def nonzero(self, *, as_tuple=False):
    values = self._flat()
    shape = self._shape
    strides = contiguous_strides(shape)
    coords = [[(i // st) % size for st, size in zip(strides, shape)] for i, v in enumerate(values) if v]
    if as_tuple:
        if not shape:
            return (from_values([0] * len(coords), (len(coords),), _dtype.int64),)
        return tuple(from_values([c[d] for c in coords], (len(coords),), _dtype.int64) for d in range(len(shape)))
    return from_values([v for c in coords for v in c], (len(coords), len(shape)), _dtype.int64)


@op(name="nonzero_static", forms="torch Tensor")
def nonzero_static(input, *, size, fill_value=-1):
    """nonzero's first ``size`` rows, padded with rows of fill_value up to size."""
    if size < 0:
        raise RuntimeError("nonzero_static: 'size' must be an non-negative integer")
    found = nonzero(input)
    ndim = input.dim()
    rows = found._flat()[:size * ndim] + [fill_value] * max(0, (size - found.shape[0]) * ndim)
    return from_values(rows, (size, ndim), _dtype.int64)


@op(name="argwhere", forms="torch Tensor")
def argwhere(self):
    return nonzero(self)


@op(name="masked_select", forms="torch Tensor")
def masked_select(self, mask):
    if mask.dtype is not _dtype.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    shape = broadcast_shapes(self._shape, mask._shape)
    selected = B.to_list(buffer_as(mask, shape, _dtype.bool_), _dtype.bool_)
    return _masked_select(self, shape, [i for i, keep in enumerate(selected) if keep], mask)


@op("MaskedSelectBackward0", name="masked_select", result="auto_linear", saved="mask self",
    self=lambda grad, shape, positions: index_add_flat(grad, shape, positions))
def _masked_select(self, shape, positions, mask):
    """The elements of self broadcast to ``shape`` at flat ``positions`` of it, as a 1-D tensor."""
    return new_tensor(B.gather(buffer_as(self, shape, self.dtype), positions), (len(positions),), self.dtype)


@op("TakeBackward0", name="take", result="auto_linear", packs="index self", saved="index self",
    self=lambda grad, self, positions: index_add_flat(grad, self._shape, positions))
def _take(self, index, positions):
    """The elements of contiguous(self) at flat ``positions`` (index's, wrapped), shaped as index."""
    return new_tensor(B.gather(self._buf(), positions), index._shape, self.dtype)


@op(name="take", forms="torch Tensor")
def take(self, index):
    n = self.numel()
    pos = []
    for v in index._flat():
        if not -n <= v < n:
            raise IndexError(f"out of range: tried to access index {v} on a tensor of {n} elements.")
        pos.append(v + n if v < 0 else v)
    return _take(self, index, pos)



# ---- index_add, index_copy, index_fill: slices of self along dim, picked by index -------------

def _index_arg(self, dim, index, name):
    if index.dtype is not _dtype.int64 and index.dtype is not _dtype.int32:
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index but got: {type_name(index.dtype)}")
    if index.dim() > 1:
        raise RuntimeError("Index has to be a vector/scalar")
    return wrap_dim(dim, max(self.dim(), 1)), [int(i) for i in index._flat()]


def _slices(x, dim, i):
    return x if not x._shape else S.select(x, dim, i)


def _index_add_source_grad(grad, dim, index, source, alpha):
    g = _maybe_reshape(grad.index_select(dim, index), source)
    return g if alpha == 1 else g * alpha


@op("IndexAddBackward0", name="index_add", saved="alpha dim index source source_dim",
    result="auto_linear", self=lambda grad: grad, source=_index_add_source_grad)
def _index_add(self, dim, index, source, alpha):
    d, rows = _index_arg(self, dim, index, "index_add_")
    if len(rows) != (source._shape[d] if source._shape else 1):
        raise RuntimeError(f"index_add_(): Number of indices ({len(rows)}) should be equal to source.size(dim): "
                           f"({source._shape[d] if source._shape else 1}), for dim: {dim}")
    with no_grad():
        out = self.clone()
        for k, i in enumerate(rows):  # in order: a repeated index adds up, each sum rounded
            _slices(out, d, i).add_(_slices(source, d, k), alpha=alpha)
    return out


def _maybe_reshape(grad, like):
    return grad.reshape(like._shape) if grad._shape != like._shape else grad


@op(name="index_add", forms="torch Tensor Tensor_")
def index_add(self, dim, index, source, *, alpha=1):
    return _index_add(self, dim, index, source, alpha)


@op("IndexCopyBackward0", name="index_copy", saved="dim index source source_dim",
    result="auto_linear", forms="torch Tensor Tensor_",
    self=lambda grad, dim, index: grad.index_fill(dim, index, 0),
    source=lambda grad, dim, index, source: _maybe_reshape(grad.index_select(dim, index), source))
def index_copy(self, dim, index, source):
    d, rows = _index_arg(self, dim, index, "index_copy_")
    if len(rows) != (source._shape[d] if source._shape else 1):
        raise IndexError(f"index_copy_(): Number of indices ({len(rows)}) should be equal to source.size(dim) "
                         f"({source._shape[d] if source._shape else 1})")
    with no_grad():
        out = self.clone()
        for k, i in enumerate(rows):
            _slices(out, d, i).copy_(_slices(source, d, k))
    return out


def _filled_along(self, dim, index, value):
    d, rows = _index_arg(self, dim, index, "index_fill_")
    with no_grad():
        out = self.clone()
        for i in rows:
            _slices(out, d, i).fill_(value)
    return out


@op("IndexFillBackward0", name="index_fill.int_Scalar",
    result=lambda self_t, dim, index: self_t.index_fill(dim, index, 0), self=lambda grad, dim, index: grad.index_fill(dim, index, 0))
def _index_fill_number(self, dim, index, value):
    return _filled_along(self, dim, index, value)


@op("IndexFillBackward1", name="index_fill.int_Tensor",
    result="auto_linear", self=lambda grad, dim, index: grad.index_fill(dim, index, 0),
    value=lambda grad, dim, index: grad.index_select(dim, index).sum())
def _index_fill_tensor(self, dim, index, value):
    return _filled_along(self, dim, index, value)


@op(name="index_fill", forms="torch Tensor Tensor_")
def index_fill(self, dim, index, value):
    return (_index_fill_tensor if isinstance(value, Tensor) else _index_fill_number)(self, dim, index, value)


# ---- put, masked_scatter: values written (or added) at picked positions ----------------------

def _written(self, positions, values, accumulate):
    """A copy of self (contiguous order) with values[k] written at positions[k] in order, or
    added there with ``accumulate``."""
    out = self._flat()
    for p, v in zip(positions, values):
        out[p] = out[p] + v if accumulate else v
    return from_values(out, self._shape, self.dtype)


@op("PutBackward0", name="put",
    result="auto_linear", forms="torch Tensor Tensor_",
    self=lambda grad, index, source, accumulate: grad if accumulate else grad.put(index, source * 0),
    source=lambda grad, index, source: grad.take(index).reshape(source._shape))
def put(self, index, source, accumulate=False):
    if index.numel() != source.numel():
        raise IndexError(f"put_(): Expected source and index to have the same number of elements, but got "
                         f"source.numel() = {source.numel()}, index.numel() = {index.numel()}")
    n = self.numel()
    positions = []
    for i in index._flat():
        if not -n <= i < n:
            raise IndexError(f"out of range: tried to access index {i} on a tensor of {n} elements.")
        positions.append(i % n if n else i)
    return _written(self, positions, source._flat(), accumulate)


def _masked_scatter_source_grad(grad, mask, source_shape):
    """The masked positions' gradients in order, then zeros, shaped as source."""
    picked = grad.masked_select(mask)
    return index_add_flat(picked, (math.prod(source_shape),), list(range(picked.numel()))).reshape(source_shape)


@op("MaskedScatterBackward0", name="masked_scatter",
    result="auto_linear", forms="torch Tensor Tensor_",
    self=lambda grad, mask: grad.masked_fill(mask, 0),
    source=lambda grad, mask, source: _masked_scatter_source_grad(grad, mask, source._shape))
def masked_scatter(self, mask, source):
    """source's elements, in order, written where mask (broadcast to self) is True."""
    chosen = [i for i, m in enumerate(mask.expand(self._shape)._flat()) if m]
    if len(chosen) > source.numel():
        raise RuntimeError("Number of elements of source < number of ones in mask")
    return _written(self, chosen, source._flat()[:len(chosen)], False)
