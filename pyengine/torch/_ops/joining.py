"""Joining and splitting: cat, stack, split, chunk, unbind; flip, roll, tril, triu, diag."""
from .. import _dtype
from .._backend import backend as B
from .._tensor import contiguous_strides, numel_of
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from ._helpers import wrap_dim, new_tensor, operand, from_values, missing_arguments
from . import shape as S
from .creation import eye, zeros
from .indexing import index_select


# ---- cat, stack ----------------------------------------------------------------------------

def _cat_dtype(tensors):
    dtype = tensors[0].dtype
    for t in tensors[1:]:
        dtype = _dtype.promote_types(dtype, t.dtype)
    return dtype


def _cat_values(tensors, dim):
    if not tensors:
        raise RuntimeError("torch.cat(): expected a non-empty list of Tensors")
    # 1-D empty tensors are skipped, as in PyTorch
    parts = [t for t in tensors if not (t.dim() == 1 and t._shape[0] == 0)] or [tensors[0]]
    ref = parts[0]
    if ref.dim() == 0:
        raise RuntimeError("zero-dimensional tensor (at position 0) cannot be concatenated")
    d = wrap_dim(dim, ref.dim())
    for i, t in enumerate(parts):
        if t.dim() == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
        if t.dim() != ref.dim():
            raise RuntimeError(f"Tensors must have same number of dimensions: got {ref.dim()} and {t.dim()}")
        for k in range(ref.dim()):
            if k != d and t._shape[k] != ref._shape[k]:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {d}. Expected size "
                                   f"{ref._shape[k]} but got size {t._shape[k]} for tensor number {i} in "
                                   "the list.")
    dtype = _cat_dtype(parts)
    shape = ref._shape[:d] + (sum(t._shape[d] for t in parts),) + ref._shape[d + 1:]
    strides = contiguous_strides(shape)
    out, start = B.full(numel_of(shape), 0, dtype), 0
    for t in parts:  # each part written into its slab of the result
        src = operand(t, t._shape, dtype) if t.numel() != 1 else B.from_list([t.item()], dtype)
        B.put(out, start * strides[d], t._shape, strides, src)
        start += t._shape[d]
    return new_tensor(out, shape, dtype)


def _cat_backward(grad, tensors, dim):
    grads, start = [], 0
    for t in tensors:
        if t.dim() == 1 and t._shape[0] == 0:
            grads.append(None)
            continue
        size = t._shape[dim]
        grads.append(grad.narrow(dim, start, size))
        start += size
    return tuple(grads)


@op("CatBackward0", name="cat", packs="", saved="dim",
    result="auto_linear", tensors=lambda grad, tensors, dim: _cat_backward(grad, tensors, dim))
def _cat(tensors, dim):
    return _cat_values(tensors, dim)


@op(name="cat", forms="torch torch.concat torch.concatenate")
def cat(tensors, dim=0, *, out=None):
    tensors = list(tensors)
    if tensors and tensors[0].dim():
        dim = wrap_dim(dim, tensors[0].dim())
    return _cat(tensors, dim)


concat = concatenate = cat


def _stack_backward(grad, dim, n):
    return tuple(grad.select(dim, i) for i in range(n))


@op("StackBackward0", name="stack", packs="", saved="dim",
    result="auto_linear", tensors=lambda grad, tensors, dim: _stack_backward(grad, dim, len(tensors)))
def _stack(tensors, dim):
    return _cat_values([S._unsqueeze(t, dim) for t in tensors], dim)


@op(name="stack", forms="torch")
def stack(tensors, dim=0, *, out=None):
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    for i, t in enumerate(tensors):
        if t._shape != tensors[0]._shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got "
                               f"[{', '.join(map(str, tensors[0]._shape))}] at entry 0 and "
                               f"[{', '.join(map(str, t._shape))}] at entry {i}")
    return _stack(tensors, wrap_dim(dim, tensors[0].dim() + 1))


def _at_least_1d(t):
    return S.reshape(t, (1,)) if not t._shape else t


def _at_least_2d(t):
    return S.reshape(t, (1, 1)) if not t._shape else S.unsqueeze(t, 0) if t.dim() == 1 else t


def _at_least_3d(t):
    if t.dim() == 2:
        return S.unsqueeze(t, -1)
    return S.unsqueeze(S.unsqueeze(t, 0), -1) if t.dim() == 1 else S.reshape(t, (1, 1, 1)) if not t._shape else t


def _each(fn, tensors):
    """atleast_Nd(t) gives a tensor; atleast_Nd(a, b) and atleast_Nd((a, b)) a tuple."""
    if len(tensors) == 1 and not isinstance(tensors[0], (list, tuple)):
        return fn(tensors[0])
    return tuple(fn(t) for t in (tensors[0] if len(tensors) == 1 else tensors))


@op(name="atleast_1d", forms="torch")
def atleast_1d(*tensors):
    return _each(_at_least_1d, tensors)


@op(name="atleast_2d", forms="torch")
def atleast_2d(*tensors):
    return _each(_at_least_2d, tensors)


@op(name="atleast_3d", forms="torch")
def atleast_3d(*tensors):
    return _each(_at_least_3d, tensors)


@op(name="hstack", forms="torch")
def hstack(tensors):
    tensors = [_at_least_1d(t) for t in tensors]
    return cat(tensors, 0 if tensors[0].dim() == 1 else 1)


@op(name="vstack", forms="torch torch.row_stack")
def vstack(tensors):
    return cat([_at_least_2d(t) for t in tensors], 0)


@op(name="dstack", forms="torch")
def dstack(tensors):
    return cat([_at_least_3d(t) for t in tensors], 2)


@op(name="column_stack", forms="torch")
def column_stack(tensors):
    return cat([S.reshape(t, (t.numel(), 1)) if t.dim() <= 1 else t for t in tensors], 1)


# ---- split, chunk, unbind --------------------------------------------------------------------

def _pieces_backward(grad_parts, self, dim, sizes):
    parts = [g if g is not None else zeros(self._shape[:dim] + (n,) + self._shape[dim + 1:], dtype=self.dtype)
             for g, n in zip(grad_parts, sizes)]
    return _cat(parts, dim) if len(parts) > 1 else parts[0]  # recorded: differentiable again


def _split_views(self, sizes, dim):
    out, start = [], 0
    for n in sizes:
        out.append(S._view(self, *S._slice_geometry(self._shape, self._stride, self._offset, dim, start,
                                                     start + n, 1)))
        start += n
    return tuple(out)


def _aliases(self, sizes, dim):
    """unsafe_split's pieces: they share self's memory, as split's do, but autograd does not know
    them as views (in-place changes to one are not checked against self's graph: hence the name)."""
    pieces = _split_views(self, sizes, dim)
    for piece in pieces:
        piece._base = None
    return pieces


@op("SplitBackward0", name="split.Tensor", packs="", saved="dim self_sym_sizes split_size", result="auto_linear",
    self=lambda grads, self, sizes, dim: _pieces_backward(grads, self, dim, sizes))
def _split(self, sizes, dim, split_size):
    """The pieces of ``sizes`` (every one ``split_size`` but the last)."""
    return _split_views(self, sizes, dim)


@op("SplitWithSizesBackward0", name="split_with_sizes", packs="", saved="dim self_sym_sizes split_sizes",
    result="auto_linear", self=lambda grads, self, split_sizes, dim: _pieces_backward(grads, self, dim, split_sizes))
def _split_with_sizes(self, split_sizes, dim):
    return _split_views(self, split_sizes, dim)


@op("UnsafeSplitBackward0", name="unsafe_split.Tensor", packs="", saved="dim self_sym_sizes split_size",
    result="auto_linear", self=lambda grads, self, sizes, dim: _pieces_backward(grads, self, dim, sizes))
def _unsafe_split(self, sizes, dim, split_size):
    return _aliases(self, sizes, dim)


@op("UnsafeSplitWithSizesBackward0", name="unsafe_split_with_sizes", packs="",
    saved="dim self_sym_sizes split_sizes", result="auto_linear",
    self=lambda grads, self, split_sizes, dim: _pieces_backward(grads, self, dim, split_sizes))
def _unsafe_split_with_sizes(self, split_sizes, dim):
    return _aliases(self, split_sizes, dim)


def _pieces(self, split_size_or_sections, dim, by_size, by_sizes):
    """split's checks and sizes, then ``by_size(self, sizes, dim, split_size)`` for a size or
    ``by_sizes(self, sizes, dim)`` for a list of sizes (the safe ops or the unsafe ones)."""
    d = wrap_dim(dim, self.dim())
    size = self._shape[d]
    if isinstance(split_size_or_sections, int):
        step = split_size_or_sections
        if step <= 0 and size:
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension size "
                               f"of {size}")
        sizes = [min(step, size - s) for s in range(0, size, step)] if step else [0]
        return by_size(self, tuple(sizes), d, step)
    sizes = tuple(split_size_or_sections)
    if sum(sizes) != size:
        raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {size} (input tensor's "
                           f"size at dimension {d}), but got split_sizes=[{', '.join(map(str, sizes))}]")
    return by_sizes(self, sizes, d)


def _chunk_size(self, chunks, dim):
    """chunk's check; (the size of its pieces, or the list of empty ones, dim)."""
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0, got: " + str(chunks))
    d = wrap_dim(dim, self.dim())
    size = self._shape[d]
    return (-(-size // chunks) if size else [0] * chunks), d


@op(name="split", forms="torch Tensor")
def split(self, split_size_or_sections, dim=0):
    return _pieces(self, split_size_or_sections, dim, _split, _split_with_sizes)


@op(name="split_with_sizes", forms="torch Tensor")
def split_with_sizes(self, split_sizes, dim=0):
    return split(self, list(split_sizes), dim)


@op(name="chunk", forms="torch Tensor")
def chunk(self, chunks, dim=0):
    return split(self, *_chunk_size(self, chunks, dim))


@op(name="unsafe_split", forms="torch Tensor")
def unsafe_split(self, split_size, dim=0):
    if not isinstance(split_size, int):
        raise TypeError(f"unsafe_split(): argument 'split_size' (position 2) must be int, not "
                        f"{type(split_size).__name__}")
    return _pieces(self, split_size, dim, _unsafe_split, _unsafe_split_with_sizes)


@op(name="unsafe_split_with_sizes", forms="torch Tensor")
def unsafe_split_with_sizes(self, split_sizes, dim=0):
    return _pieces(self, list(split_sizes), dim, _unsafe_split, _unsafe_split_with_sizes)


@op(name="unsafe_chunk", forms="torch Tensor")
def unsafe_chunk(self, chunks, dim=0):
    size, d = _chunk_size(self, chunks, dim)
    return _pieces(self, size, d, _unsafe_split, _unsafe_split_with_sizes)


@op(name="tensor_split", forms="torch Tensor")
def tensor_split(self, indices_or_sections, dim=0):
    """Slices of self along dim: ``n`` nearly equal ones, or the ones between given indices."""
    if not self._shape:
        raise RuntimeError("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")
    d = wrap_dim(dim, self.dim())
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if sections <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {sections}")
        base, extra = divmod(self._shape[d], sections)
        indices = [i * base + min(i, extra) for i in range(1, sections)]
    else:
        indices = [int(i) for i in indices_or_sections]
    starts = [0] + indices
    return tuple(S.slice(self, d, start, end, 1) for start, end in zip(starts, indices + [None]))


def _split_along(name, self, indices_or_sections, dim, min_dims):
    """hsplit, vsplit, dsplit: tensor_split along a fixed dim; a number of sections must divide it."""
    if self.dim() < min_dims:
        raise RuntimeError(f"torch.{name} requires a tensor with at least {min_dims} dimension, but got a tensor "
                           f"with {self.dim()} dimensions!")
    if isinstance(indices_or_sections, int) and indices_or_sections and self._shape[dim] % indices_or_sections:
        raise RuntimeError(f"torch.{name} attempted to split along dimension {dim}, but the size of the dimension "
                           f"{self._shape[dim]} is not divisible by the split_size {indices_or_sections}!")
    return tensor_split(self, indices_or_sections, dim)


@op(name="hsplit", forms="torch Tensor")
def hsplit(self, indices_or_sections):
    return _split_along("hsplit", self, indices_or_sections, 1 if self.dim() > 1 else 0, 1)


@op(name="vsplit", forms="torch Tensor")
def vsplit(self, indices_or_sections):
    return _split_along("vsplit", self, indices_or_sections, 0, 2)


@op(name="dsplit", forms="torch Tensor")
def dsplit(self, indices_or_sections):
    return _split_along("dsplit", self, indices_or_sections, 2, 3)


@op("UnbindBackward0", name="unbind.int", packs="", saved="dim", result="auto_linear", self=lambda grads, self, dim: _stack_grads(grads, self, dim))
def _unbind(self, dim):
    return tuple(S._view(self, *S._select_geometry(self._shape, self._stride, self._offset, dim, i))
                 for i in range(self._shape[dim]))


def _stack_grads(grads, self, dim):
    parts = [g if g is not None else zeros(self._shape[:dim] + self._shape[dim + 1:], dtype=self.dtype)
             for g in grads]
    return stack(parts, dim)


@op(name="unbind", forms="torch Tensor")
def unbind(self, dim=0):
    if not self._shape:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    return _unbind(self, wrap_dim(dim, self.dim()))


# ---- flip, roll -------------------------------------------------------------------------------

@op("FlipBackward0", name="flip", result="auto_linear", self=lambda grad, dims: grad.flip(dims))
def _flip(self, dims):
    stride, offset = list(self._stride), self._offset
    for d in dims:
        if self._shape[d]:
            offset += (self._shape[d] - 1) * stride[d]
        stride[d] = -stride[d]
    return new_tensor(B.take(self._storage.buf, offset, self._shape, tuple(stride)), self._shape, self.dtype)


@op(name="flip", forms="torch Tensor")
def flip(self, *dims):
    if not dims:
        raise missing_arguments("flip", "dims")
    dims = dims[0] if len(dims) == 1 and not isinstance(dims[0], int) else dims
    wrapped = tuple(wrap_dim(d, max(self.dim(), 1)) for d in dims)
    if len(set(wrapped)) != len(wrapped):
        raise RuntimeError(f"dims has duplicates, original flip dims size={len(dims)}, but unique flip dims "
                           f"size={len(set(wrapped))}")
    return _flip(self, tuple(d for d in wrapped if self.dim()))


@op("RollBackward0", name="roll", result="auto_linear", self=lambda grad, shifts, dims: grad.roll(tuple(-s for s in shifts), dims or None))
def _roll(self, shifts, dims):
    if not dims:
        flat = self.flatten()._flat()
        n = len(flat)
        k = shifts[0] % n if n else 0
        return from_values(flat[n - k:] + flat[:n - k], self._shape, self.dtype)
    out = self
    for shift, d in zip(shifts, dims):
        n = out._shape[d]
        k = shift % n if n else 0
        if k:
            first = S._view(out, *S._slice_geometry(out._shape, out._stride, out._offset, d, n - k, n, 1))
            second = S._view(out, *S._slice_geometry(out._shape, out._stride, out._offset, d, 0, n - k, 1))
            out = _cat_values([first, second], d)
    return out if out is not self else new_tensor(B.copy(self._buf()), self._shape, self.dtype)


@op(name="roll", forms="torch Tensor")
def roll(self, shifts, dims=None):
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    if dims is None:
        return _roll(self, shifts[:1], ())
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    if len(shifts) != len(dims):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    return _roll(self, shifts, tuple(wrap_dim(d, self.dim()) for d in dims))


# ---- tril, triu, diag ------------------------------------------------------------------------

def _triangle(self, diagonal, lower):
    if self.dim() < 2:
        raise RuntimeError(f"{'tril' if lower else 'triu'}: input tensor must have at least 2 dimensions")
    rows, cols = self._shape[-2], self._shape[-1]
    values = self._flat()
    zero = False if self.dtype is _dtype.bool_ else 0
    out = []
    for k, v in enumerate(values):
        i, j = (k // cols) % rows, k % cols
        keep = (j - i <= diagonal) if lower else (j - i >= diagonal)
        out.append(v if keep else zero)
    return from_values(out, self._shape, self.dtype)


@op("TrilBackward0", name="tril", result="auto_linear", forms="torch Tensor Tensor_", self=lambda grad, diagonal: grad.tril(diagonal))
def tril(self, diagonal=0):
    return _triangle(self, diagonal, True)


@op("TriuBackward0", name="triu", result="auto_linear", forms="torch Tensor Tensor_", self=lambda grad, diagonal: grad.triu(diagonal))
def triu(self, diagonal=0):
    return _triangle(self, diagonal, False)


@op("DiagEmbedBackward0", name="diag_embed", result="auto_linear", self=lambda grad, offset, dim1, dim2: grad.diagonal(offset, dim1, dim2))
def _diag_embed(self, offset, dim1, dim2):
    """Each row along self's last dim laid on diagonal ``offset`` of an (n, n) matrix whose
    rows and columns are the result's dims ``dim1`` and ``dim2`` (wrapped here)."""
    length = self._shape[-1]
    n = length + abs(offset)
    values = self._flat()
    zero = False if self.dtype is _dtype.bool_ else 0
    out = []
    for start in range(0, len(values), length or 1):
        matrix = [zero] * (n * n)
        for k, v in enumerate(values[start:start + length]):
            i, j = (k, k + offset) if offset >= 0 else (k - offset, k)
            matrix[i * n + j] = v
        out += matrix
    result = from_values(out, self._shape[:-1] + (n, n), self.dtype)
    dim1, dim2 = dim1 % result.dim(), dim2 % result.dim()  # (the node keeps them as given)
    if (dim1, dim2) == (result.dim() - 2, result.dim() - 1):
        return result
    with no_grad():
        return S.movedim(result, (-2, -1), (dim1, dim2)).contiguous()


@op("DiagonalBackward0_copy", name="diagonal_copy",
    result="auto_linear", self=lambda grad, self, offset: _diag_grad(grad, self, offset))
def _diag_copy(self, offset):
    view = S._view(self, *S._diagonal_geometry(self._shape, self._stride, self._offset, offset, 0, 1))
    return new_tensor(B.copy(view._buf()), view._shape, self.dtype)


def _diag_grad(grad, self, offset):
    out = zeros(self._shape, dtype=grad.dtype)
    out.diagonal(offset).copy_(grad)
    return out


@op(name="diag", forms="torch Tensor")
def diag(self, diagonal=0):
    if self.dim() == 1:
        return _diag_embed(self, diagonal, -2, -1)
    if self.dim() == 2:
        return _diag_copy(self, diagonal)
    raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " + f"{self.dim()}D")


@op(name="diag_embed", forms="torch Tensor")
def diag_embed(self, offset=0, dim1=-2, dim2=-1):
    d1, d2 = wrap_dim(dim1, self.dim() + 1), wrap_dim(dim2, self.dim() + 1)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return _diag_embed(self, offset, dim1, dim2)


@op(name="trace", forms="torch Tensor")
def trace(self):
    if self.dim() != 2:
        raise RuntimeError("trace: expected a matrix, but got tensor with dim " + str(self.dim()))
    return _trace(self)


def _trace_backward(grad, shape):
    """grad on the main diagonal of a matrix of ``shape``, zeros elsewhere."""
    return grad.expand(shape).masked_fill(eye(*shape, dtype=_dtype.bool_).logical_not(), 0)


@op("TraceBackward0", name="trace", result="auto_linear", self=lambda grad, self: _trace_backward(grad, self._shape))
def _trace(self):
    with no_grad():
        return self.diagonal().sum()



@op(name="rot90", forms="torch Tensor")
def rot90(self, k=1, dims=(0, 1)):
    dims = tuple(dims)
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if self.dim() < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {self.dim()}")
    if dims[0] == dims[1] or abs(dims[0] - dims[1]) == self.dim():
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {dims[0]} and dim1 = {dims[1]}")
    return _rot90(self, k % 4, dims)


@op("Rot90Backward0", name="rot90", result="auto_linear", self=lambda grad, k, dims: rot90(grad, -k, dims))
def _rot90(self, k, dims):
    """PyTorch's steps: flip one dim (a copy), then transpose that copy in place."""
    with no_grad():
        if k == 0:
            return self.clone()
        if k == 2:
            return flip(self, dims)
        out = flip(self, (dims[1] if k == 1 else dims[0],))
        turned = S.transpose(out, *dims)
        out._shape, out._stride = turned._shape, turned._stride
        return out


@op(name="fliplr", forms="torch Tensor")
def fliplr(self):
    if self.dim() < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(self, 1)


@op(name="flipud", forms="torch Tensor")
def flipud(self):
    if self.dim() < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(self, 0)


@op(name="repeat_interleave", forms="torch Tensor")
def repeat_interleave(self, repeats, dim=None, *, output_size=None):
    x = self.flatten() if dim is None else self
    d = 0 if dim is None else wrap_dim(dim, x.dim())
    counts = None if isinstance(repeats, int) else list(repeats._flat() if hasattr(repeats, "_flat") else repeats)
    if counts is not None and len(counts) == 1:  # one count for every element
        counts *= x._shape[d]
    total = x._shape[d] * repeats if counts is None else sum(counts)
    if output_size is not None and output_size != total:  # the length the caller knows (PyTorch skips a sync on CUDA)
        raise RuntimeError(f"repeat_interleave: Invalid output_size, expected {total} but got {output_size}")
    if counts is None:  # as PyTorch: unsqueeze after dim, expand, copy, flatten
        if repeats < 0:
            raise RuntimeError("Repeats must be non-negative")
        wide = S.unsqueeze(x, d + 1)
        shape = list(wide._shape)
        shape[d + 1] = repeats
        return S.flatten(S.expand(wide, shape).clone(), d, d + 1)
    index = from_values([i for i, c in enumerate(counts) for _ in range(c)], (total,), _dtype.int64)
    return index_select(x, d, index)
