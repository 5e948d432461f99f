"""Shape and view ops. Views share storage with their base.

A view op is a geometry function (shape, stride, offset) -> (shape, stride, offset). The
forward applies it to the input's real strides; the backward of select/slice-like views
applies it to contiguous strides to find where each gradient element lands.
"""

from .. import _dtype
from .._backend import backend as B
from .._size import Size
from .._tensor import SharedBytes, Tensor, buffer_bytes, bytes_buffer, contiguous_strides, numel_of
from ..autograd.derivatives import op
from .._process import warn, warn_once
from ._helpers import broadcast_shapes as broadcast_sizes, sizes_arg, wrap_dim, new_tensor, type_name
from .copy import clone


def _view(x, shape, stride, offset=None):
    return x._view_of(tuple(shape), tuple(stride), x._offset if offset is None else offset)


def _positions(shape, stride, offset):
    idx = [offset]
    for size, st in zip(shape, stride):
        steps = [st * k for k in range(size)]
        idx = [i + s for i in idx for s in steps]
    return idx


# ---- flat gathers and scatters: the backward of views, indexing and resizing ------------------

@op("TakeBackward0", name="take", result="auto_linear", self=lambda grad, self, positions: index_add_flat(grad, self._shape, positions))
def take_flat(self, positions, shape=None):
    """The elements of contiguous(self) at flat ``positions``, shaped ``shape`` (default 1-D)."""
    return new_tensor(B.gather(self._buf(), positions), shape or (len(positions),), self.dtype)


@op("IndexPutBackward0", name="index_put",
    result="auto_linear", grad_output=lambda grad, positions: take_flat(grad, positions))
def index_add_flat(grad_output, shape, positions):
    """Zeros of ``shape`` with grad_output's elements added at flat ``positions``."""
    if B.distinct(positions):
        buf = B.full(numel_of(shape), 0, grad_output.dtype)
        B.scatter(buf, positions, grad_output._buf())
        return new_tensor(buf, tuple(shape), grad_output.dtype)
    zeros = B.full(numel_of(shape), 0, grad_output.dtype)
    return new_tensor(B.scatter_add(zeros, positions, grad_output._buf(), grad_output.dtype), tuple(shape),
                      grad_output.dtype)


# ---- embedding a view's gradient back into its input's shape ------------------------------

def _embed_op(node_name, name):
    """An op writing grad_output into zeros of ``shape`` at flat ``positions`` (the backward of
    select/slice/diagonal ...); its own backward gathers them back."""
    def embed(grad_output, shape, positions):
        src = grad_output._buf()
        buf = B.full(numel_of(shape), 0, grad_output.dtype)
        B.scatter(buf, positions, src)
        return new_tensor(buf, tuple(shape), grad_output.dtype)
    embed.__name__ = name
    return op(node_name, name=name, result="auto_linear", grad_output=lambda grad, positions: take_flat(grad, positions))(embed)


def _view_backward(view_geometry):
    """Backward of a view given by ``view_geometry(shape, stride, offset, *args)``: where each
    element of the view sits in the contiguous input."""
    def positions_of(self_shape, *args):
        shape, stride, offset = view_geometry(self_shape, contiguous_strides(self_shape), 0, *args)
        return _positions(shape, stride, offset)
    return positions_of


# ---- select, slice, narrow, diagonal, alias -------------------------------------------------

def _select_geometry(shape, stride, offset, dim, index):
    size = shape[dim]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"[{', '.join(map(str, shape))}] at dimension {dim}")
    if index < 0:
        index += size
    return (shape[:dim] + shape[dim + 1:], stride[:dim] + stride[dim + 1:], offset + index * stride[dim])


_select_backward = _embed_op("SelectBackwardBackward0", "select_backward")


@op("SelectBackward0", name="select.int", result="auto_linear", self=lambda grad, self, dim, index: _select_backward(
    grad, self._shape, _view_backward(_select_geometry)(self._shape, dim, index)))
def _select(self, dim, index):
    return _view(self, *_select_geometry(self._shape, self._stride, self._offset, dim, index))


@op(name="select", forms="torch Tensor")
def select(self, dim, index):
    if not self._shape:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    return _select(self, wrap_dim(dim, self.dim()), int(index))


def _slice_geometry(shape, stride, offset, dim, start, end, step):
    size = shape[dim]
    start, end = _clip_slice(start, end, size)
    length = max(0, (end - start + step - 1) // step)
    return (shape[:dim] + (length,) + shape[dim + 1:],
            stride[:dim] + (stride[dim] * step,) + stride[dim + 1:],
            offset + start * stride[dim])  # also for an empty slice, as PyTorch


def _clip_slice(start, end, size):
    start = 0 if start is None else start
    end = size if end is None else end
    if start < 0:
        start += size
    if end < 0:
        end += size
    start = min(max(start, 0), size)
    end = min(max(end, start), size)
    return start, end


_slice_backward = _embed_op("SliceBackwardBackward0", "slice_backward")


@op("SliceBackward0", name="slice.Tensor", result="auto_linear", self=lambda grad, self, dim, start, end, step: _slice_backward(
    grad, self._shape, _view_backward(_slice_geometry)(self._shape, dim, start, end, step)))
def slice(self, dim, start, end, step):
    if step <= 0:
        raise ValueError("step must be greater than zero")
    return _view(self, *_slice_geometry(self._shape, self._stride, self._offset, dim, start, end, step))


@op(name="narrow", forms="torch Tensor")
def narrow(self, dim, start, length):
    if not self._shape:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    dim = wrap_dim(dim, self.dim())
    size = self._shape[dim]
    if isinstance(start, Tensor):
        start = start.item()
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but got "
                         f"{start})")
    if start < 0:
        start += size
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return slice(self, dim, start, start + length, 1)


def _diagonal_geometry(shape, stride, offset, offset_diag, dim1, dim2):
    if offset_diag >= 0:
        length = max(0, min(shape[dim1], shape[dim2] - offset_diag))
        start = offset + offset_diag * stride[dim2]
    else:
        length = max(0, min(shape[dim1] + offset_diag, shape[dim2]))
        start = offset - offset_diag * stride[dim1]
    if length == 0:
        start = offset
    keep = [d for d in range(len(shape)) if d not in (dim1, dim2)]
    return (tuple(shape[d] for d in keep) + (length,),
            tuple(stride[d] for d in keep) + (stride[dim1] + stride[dim2],), start)


_diagonal_backward = _embed_op("DiagonalBackwardBackward0", "diagonal_backward")


@op("DiagonalBackward0", name="diagonal", result="auto_linear", self=lambda grad, self, offset, dim1, dim2: _diagonal_backward(
    grad, self._shape, _view_backward(_diagonal_geometry)(self._shape, offset, dim1, dim2)))
def _diagonal(self, offset, dim1, dim2):
    return _view(self, *_diagonal_geometry(self._shape, self._stride, self._offset, offset, dim1, dim2))


@op(name="diagonal", forms="torch Tensor")
def diagonal(self, offset=0, dim1=0, dim2=1):
    d1, d2 = wrap_dim(dim1, self.dim()), wrap_dim(dim2, self.dim())
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return _diagonal(self, offset, d1, d2)


@op("torch::autograd::Identity", name="_fw_primal", forms="Tensor._fw_primal", result="auto_linear",
    self=lambda grad: grad)
def _fw_primal(self, level):
    """The primal of a dual tensor at forward-AD ``level``: a view of it without the tangent there
    (forward_ad.unpack_dual's, and what tangent formulas read, as PyTorch's ``self_p``); made while
    ops see the levels outside ``level``, it keeps its tangents at those."""
    return _view(self, self._shape, self._stride)


@op("AliasBackward0", name="alias",
    result=lambda self_t: self_t, self=lambda grad: grad)
def alias(self):
    return _view(self, self._shape, self._stride)


# ---- unfold: overlapping windows of one dim, a view -------------------------------------------

def _unfold_geometry(shape, stride, offset, dim, size, step):
    """dim becomes the window count ((length - size) // step + 1, every step elements); a new
    last dim of ``size`` walks one window."""
    if not shape:
        return (1,), (1,), offset
    count = (shape[dim] - size) // step + 1
    return (shape[:dim] + (count,) + shape[dim + 1:] + (size,),
            stride[:dim] + (stride[dim] * step,) + stride[dim + 1:] + (stride[dim],), offset)


@op("UnfoldBackwardBackward0", name="unfold_backward", result="auto_linear",
    grad_in=lambda grad, dim, size, step: unfold(grad, dim, size, step))
def _unfold_backward(grad_in, input_sizes, dim, size, step):
    """grad_in's windows added back onto input_sizes (overlapping windows add up)."""
    positions = _view_backward(_unfold_geometry)(tuple(input_sizes), dim, size, step)
    return index_add_flat.forward(grad_in.contiguous(), tuple(input_sizes), positions)


@op("UnfoldBackward0", name="unfold", result="auto_linear", saved="dimension self_sym_sizes size step",
    self=lambda grad, self, dimension, size, step: _unfold_backward(grad, self._shape, dimension, size, step))
def _unfold(self, dimension, size, step):
    return _view(self, *_unfold_geometry(self._shape, self._stride, self._offset, dimension, size, step))


@op(name="unfold", forms="Tensor")
def unfold(self, dimension, size, step):
    dim = wrap_dim(dimension, max(self.dim(), 1))
    length = self._shape[dim] if self._shape else 1
    if size > length:
        raise RuntimeError(f"maximum size for tensor at dimension {dim} is {length} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    return _unfold(self, dim, size, step)


# ---- as_strided: any geometry over the input's storage -----------------------------------

def _as_strided_backward(grad, geometry, size, stride, storage_offset):
    """Each gradient element adds into the input element (of ``geometry``: its shape, stride and
    offset) at the same storage position (PyTorch's as_strided_backward for an input that does
    not overlap itself); positions outside the input receive nothing."""
    shape = geometry[0]
    where = {p: i for i, p in enumerate(_positions(*geometry))}
    view = _positions(size, stride, geometry[2] if storage_offset is None else storage_offset)
    kept = [k for k, p in enumerate(view) if p in where]
    g = grad.contiguous().reshape(-1)
    if len(kept) != len(view):
        g = take_flat(g, kept)
    return index_add_flat(g, shape, [where[view[k]] for k in kept])


def _as_strided_geometry(self, size, stride, storage_offset):
    size, stride = tuple(sizes_arg(size)), tuple(sizes_arg(stride))
    offset = self._offset if storage_offset is None else storage_offset
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    itemsize, available = self.dtype.itemsize, len(self._storage.buf)
    needed = offset + 1 + sum((n - 1) * st for n, st in zip(size, stride)) if 0 not in size else 0
    if needed > available:
        raise RuntimeError(f"setStorage: sizes [{', '.join(map(str, size))}], strides "
                           f"[{', '.join(map(str, stride))}], storage offset {offset}, and itemsize {itemsize} "
                           f"requiring a storage size of {needed * itemsize} are out of bounds for storage "
                           f"of size {available * itemsize}")
    return (self._shape, self._stride, self._offset), size, stride, storage_offset


# (storage_offset as given: None is the input's own, geometry[2])
@op("AsStridedBackward0", name="as_strided", result="auto_linear", saved="size storage_offset stride",
    self=_as_strided_backward)
def _as_strided(self, geometry, size, stride, storage_offset):
    return _view(self, size, stride, geometry[2] if storage_offset is None else storage_offset)


@op(name="as_strided", forms="torch Tensor")
def as_strided(input, size, stride, storage_offset=None):
    return _as_strided(input, *_as_strided_geometry(input, size, stride, storage_offset))


@op("AsStridedBackward1", name="as_strided_", result="auto_linear", self=_as_strided_backward)
def _as_strided_inplace(self, geometry, size, stride, storage_offset):
    return _view(self, size, stride, storage_offset)


def as_strided_inplace(self, size, stride, storage_offset=None):
    return _as_strided_inplace(self, *_as_strided_geometry(self, size, stride, storage_offset))


# ---- resize: a new shape over the same storage ---------------------------------------------

def resize_inplace(self, shape):
    """Tensor.resize_: contiguous strides from the same offset (the old strides if the shape is
    unchanged), the storage grown with zeros if too small (PyTorch leaves them uninitialised)."""
    if self._requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    shape = tuple(shape)
    if shape == self._shape:
        return self
    st, needed = self._storage, self._offset + numel_of(shape)
    if needed > len(st.buf):
        grown = B.full(needed, 0, self.dtype)
        B.scatter(grown, range(len(st.buf)), st.buf)
        st.buf = grown
    self._shape, self._stride = shape, contiguous_strides(shape)
    return self


@op("ResizeBackward", name="resize", self=lambda grad, self: grad.contiguous().view(self._shape))
def _resize(self, shape):
    if not self.is_contiguous():
        return new_tensor(self._buf(), shape, self.dtype)
    return _view(self, shape, contiguous_strides(shape), self._offset)


@op(name="resize", forms="Tensor")
def resize(self, *sizes):
    """The deprecated autograd resize: a new shape of as many elements."""
    warn("non-inplace resize is deprecated")
    return _checked_resize(self, tuple(sizes_arg(sizes)))


@op(name="resize_as", forms="Tensor")
def resize_as(self, tensor):
    warn("non-inplace resize_as is deprecated")
    return _checked_resize(self, tensor._shape)


def _checked_resize(self, shape):
    count = numel_of(shape)
    if count != self.numel():
        raise RuntimeError(f"requested resize to {'x'.join(map(str, shape))} ({count} elements in total), but "
                           f"the given tensor has a size of {'x'.join(map(str, self._shape))} ({self.numel()} "
                           "elements). autograd's resize can only change the shape of a given tensor, while "
                           "preserving the number of elements. ")
    return _resize(self, shape)


# ---- dims: unsqueeze, squeeze, permute, transpose ------------------------------------------

@op("UnsqueezeBackward0", name="unsqueeze", result="auto_linear", self=lambda grad, dim: grad.squeeze(dim))
def _unsqueeze(self, dim):
    shape, stride = list(self._shape), list(self._stride)
    new_stride = shape[dim] * stride[dim] if dim < len(shape) else 1
    shape.insert(dim, 1)
    stride.insert(dim, new_stride)
    return _view(self, shape, stride)


@op(name="unsqueeze", forms="torch Tensor")
def unsqueeze(self, dim):
    return _unsqueeze(self, wrap_dim(dim, self.dim() + 1))


def _squeezed(self, dims):
    keep = [i for i in range(self.dim()) if i not in dims or self._shape[i] != 1]
    return _view(self, [self._shape[i] for i in keep], [self._stride[i] for i in keep])


def _unsqueeze_dims(grad, shape, dims):
    """grad with the dims of ``shape`` (the squeezed tensor's) that were squeezed put back."""
    for d in sorted(dims):
        if shape[d] == 1:
            grad = grad.unsqueeze(d)
    return grad


@op("SqueezeBackward0", name="squeeze", result="auto_linear", self=lambda grad, self: grad.reshape(self._shape))
def _squeeze_all(self):
    return _squeezed(self, range(self.dim()))


@op("SqueezeBackward1", name="squeeze.dim", result="auto_linear", self=lambda grad, self, dim: _unsqueeze_dims(grad, self._shape, (dim,)))
def _squeeze_dim(self, dim):
    return _squeezed(self, (dim,))


@op("SqueezeBackward2", name="squeeze.dims", result="auto_linear",
    self=lambda grad, self, dim: _unsqueeze_dims(grad, self._shape, dim))
def _squeeze_dims(self, dim):
    return _squeezed(self, dim)


@op("SqueezeBackward4", name="squeeze_.dim", result="auto_linear", self=lambda grad, self, dim: _unsqueeze_dims(grad, self._shape, (dim,)))
def squeeze_inplace_dim(self, dim):
    """matmul's squeeze of a 1-D operand's dim (PyTorch squeezes in place: SqueezeBackward4)."""
    return _squeezed(self, (dim,))


@op(name="squeeze", forms="torch Tensor")
def squeeze(self, dim=None):
    if dim is None:
        return _squeeze_all(self)
    if isinstance(dim, (tuple, list)):
        return _squeeze_dims(self, tuple(wrap_dim(d, max(self.dim(), 1)) for d in dim))
    d = wrap_dim(dim, max(self.dim(), 1))
    return _squeeze_dim(self, d) if self.dim() else _squeeze_dim(self, 0)


@op("PermuteBackward0", name="permute", result="auto_linear", self=lambda grad, dims: grad.permute(_inverse(dims)))
def _permute(self, dims):
    return _view(self, [self._shape[d] for d in dims], [self._stride[d] for d in dims])


def _inverse(dims):
    inv = [0] * len(dims)
    for i, d in enumerate(dims):
        inv[d] = i
    return inv


@op(name="permute", forms="torch Tensor")
def permute(self, *dims):
    dims = sizes_arg(dims, "permute", "dims")
    if len(dims) != self.dim():
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not "
                           f"match the length of the desired ordering of dimensions i.e. input.dim() "
                           f"= {self.dim()} is not equal to len(dims) = {len(dims)}")
    wrapped = tuple(wrap_dim(d, self.dim()) for d in dims)
    if len(set(wrapped)) != len(wrapped):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return _permute(self, wrapped)


def _swap(seq, a, b):
    seq = list(seq)
    seq[a], seq[b] = seq[b], seq[a]
    return seq


@op("TransposeBackward0", name="transpose.int", result="auto_linear", self=lambda grad, dim0, dim1: grad.transpose(dim0, dim1))
def _transpose(self, dim0, dim1):
    return _view(self, _swap(self._shape, dim0, dim1), _swap(self._stride, dim0, dim1))


@op(name="transpose", forms="torch Tensor Tensor.swapaxes Tensor.swapdims torch.swapaxes torch.swapdims")
def transpose(self, dim0, dim1):
    n = max(self.dim(), 1)
    d0, d1 = wrap_dim(dim0, n), wrap_dim(dim1, n)
    if not self._shape:
        return alias(self)
    return _transpose(self, d0, d1)


# ---- in-place geometry changes: t_, transpose_, squeeze_, unsqueeze_ ------------------------
# The out-of-place view, recorded under PyTorch's node name for the in-place form; Tensor's
# methods then give self the view's geometry and history. Squeezes get the input's shape as
# an argument: self's own shape changes.

@op("TransposeBackward1", name="transpose_", result="auto_linear", self=lambda grad, dim0, dim1: grad.transpose(dim0, dim1))
def _transpose_inplace(self, dim0, dim1):
    return _transpose.forward(self, dim0, dim1)


@op(name="adjoint", forms="torch Tensor")
def adjoint(self):
    """The conjugate transpose of the last two dims (for real tensors, their transpose)."""
    if self.dim() < 2:
        raise RuntimeError(f"tensor.adjoint() is only supported on matrices or batches of matrices. Got "
                           f"{self.dim()}-D tensor.")
    return transpose(self, -2, -1)


def transpose_inplace(self, dim0, dim1):
    n = max(self.dim(), 1)
    return _transpose_inplace(self, wrap_dim(dim0, n), wrap_dim(dim1, n)) if self._shape else alias(self)


@op("TBackward1", name="t_", result="auto_linear", self=lambda grad: grad.t())
def t_inplace(self):
    if self.dim() > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
    return _t.forward(self)


@op("UnsqueezeBackward1", name="unsqueeze_", result="auto_linear", self=lambda grad, dim: grad.squeeze(dim))
def _unsqueeze_inplace(self, dim):
    return _unsqueeze.forward(self, dim)


def unsqueeze_inplace(self, dim):
    return _unsqueeze_inplace(self, wrap_dim(dim, self.dim() + 1))


@op("SqueezeBackward3", name="squeeze_", result="auto_linear", self=lambda grad, shape: grad.reshape(shape))
def _squeeze_all_inplace(self, shape):
    return _squeezed(self, range(self.dim()))


@op("SqueezeBackward4", name="squeeze_.dim", result="auto_linear", self=lambda grad, shape: grad.reshape(shape))
def _squeeze_dim_inplace(self, dim, shape):
    return _squeezed(self, (dim,))


@op("SqueezeBackward5", name="squeeze_.dims", result="auto_linear", self=lambda grad, shape: grad.reshape(shape))
def _squeeze_dims_inplace(self, dims, shape):
    return _squeezed(self, dims)


def squeeze_inplace(self, dim=None):
    if dim is None:
        return _squeeze_all_inplace(self, self._shape)
    n = max(self.dim(), 1)
    if isinstance(dim, (tuple, list)):
        return _squeeze_dims_inplace(self, tuple(wrap_dim(d, n) for d in dim), self._shape)
    return _squeeze_dim_inplace(self, wrap_dim(dim, n), self._shape)


@op("TBackward0", name="t", result="auto_linear", self=lambda grad: grad.t())
def _t(self):
    if self.dim() < 2:
        return _view(self, self._shape, self._stride)
    return _view(self, self._shape[::-1], self._stride[::-1])


@op(name="t", forms="torch Tensor")
def t(self):
    if self.dim() > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
    return _t(self)


def _warn_shape_cpp(message, line):
    warn_once(f"{message} (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
              f"TensorShape.cpp:{line}.)")


def T(self):
    if not self._shape:
        _warn_shape_cpp("Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases.",
                        4321)
    elif self.dim() != 2:
        _warn_shape_cpp(
            "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
            "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
            "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
            "tensor.", 4314)
    return _permute(self, tuple(range(self.dim() - 1, -1, -1)))


def _matrix_transpose(self, name, advice_0d, line_0d):
    """mT and mH (the same for real tensors): the last two dims swapped; 0-d: self, deprecated."""
    if not self._shape:
        _warn_shape_cpp(f"Tensor.{name} is deprecated on 0-D tensors. {advice_0d}", line_0d)
        return self
    if self.dim() < 2:
        raise RuntimeError(f"tensor.{name} is only supported on matrices or batches of matrices. Got "
                           f"{self.dim()}-D tensor.")
    return _transpose(self, self.dim() - 2, self.dim() - 1)


def mT(self):
    return _matrix_transpose(self, "mT", "This function is the identity in these cases.", 4373)


def mH(self):
    return _matrix_transpose(self, "mH", "Consider using x.conj().", 4382)


def H(self):
    if not self._shape:
        _warn_shape_cpp("Tensor.H is deprecated on 0-D tensors. Consider using x.conj().", 4335)
        return self
    if self.dim() != 2:
        raise RuntimeError(f"tensor.H is only supported on matrices (2-D tensors). Got {self.dim()}-D tensor."
                           + (" For batches of matrices, consider using tensor.mH" if self.dim() > 2 else ""))
    return _transpose(self, 0, 1)


@op(name="movedim", forms="torch Tensor Tensor.moveaxis torch.moveaxis")
def movedim(self, source, destination):
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    n = self.dim()
    src = [wrap_dim(d, n) for d in src]
    dst = [wrap_dim(d, n) for d in dst]
    order = [None] * n
    for s, d in zip(src, dst):
        order[d] = s
    rest = iter(d for d in range(n) if d not in src)
    order = [o if o is not None else next(rest) for o in order]
    return _permute(self, tuple(order))


# ---- expand, repeat -------------------------------------------------------------------------

@op("ExpandBackward0", name="expand", result="auto_linear", self=lambda grad, self: grad.sum_to_size(self._shape))
def _expand(self, sizes):
    lead = len(sizes) - self.dim()
    shape, stride = [0] * len(sizes), [0] * len(sizes)
    for i in reversed(range(len(sizes))):  # from the last dim, as PyTorch (its errors name the last mismatch)
        size = sizes[i]
        if i < lead:
            if size < 0:
                raise RuntimeError(f"The expanded size of the tensor ({size}) isn't allowed in a leading, "
                                   "non-existing dimension 0")
            shape[i] = size
            continue
        own, st = self._shape[i - lead], self._stride[i - lead]
        if size == -1 or size == own:
            shape[i], stride[i] = own, st
        elif own == 1:
            shape[i] = size
        else:
            raise RuntimeError(
                f"The expanded size of the tensor ({size}) must match the existing size ({own}) at "
                f"non-singleton dimension {i}.  Target sizes: [{', '.join(map(str, sizes))}].  "
                f"Tensor sizes: [{', '.join(map(str, self._shape))}]")
    return _view(self, shape, stride)


@op(name="expand", forms="torch Tensor")
def expand(self, *sizes):
    sizes = sizes_arg(sizes, "expand", "size")
    if len(sizes) < self.dim():
        raise RuntimeError(
            f"expand(torch.{type_name(self.dtype)}Tensor{{[{', '.join(map(str, self._shape))}]}}, "
            f"size=[{', '.join(map(str, sizes))}]): the number of sizes provided ({len(sizes)}) must be "
            f"greater or equal to the number of dimensions in the tensor ({self.dim()})")
    return _expand(self, sizes)


@op(name="expand_as", forms="Tensor")
def expand_as(self, other):
    return expand(self, other._shape)


@op("RepeatBackward0", name="repeat", result="auto_linear", self=lambda grad, self, repeats: _repeat_backward(grad, self._shape, repeats))
def _repeat(self, repeats):
    lead = len(repeats) - self.dim()
    padded = (1,) * lead + self._shape
    # view as (1, s0, 1, s1, ...), expand to (r0, s0, r1, s1, ...), then flatten pairs
    shape = [x for r, s in zip(repeats, padded) for x in (r, s)]
    src_stride = (0,) * lead + self._stride
    stride = [x for st in src_stride for x in (0, st)]
    buf = B.take(self._storage.buf, self._offset, tuple(shape), tuple(stride))
    return new_tensor(buf, tuple(r * s for r, s in zip(repeats, padded)), self.dtype)


def _repeat_backward(grad, shape, repeats):
    lead = len(repeats) - len(shape)
    padded = (1,) * lead + tuple(shape)
    split = [x for r, s in zip(repeats, padded) for x in (r, s)]
    g = grad.reshape(split).sum(tuple(range(0, len(split), 2)))
    return g.reshape(shape)


@op(name="repeat", forms="Tensor")
def repeat(self, *repeats):
    repeats = sizes_arg(repeats, "repeat", "repeats")
    if len(repeats) < self.dim():
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of "
                           "dimensions of tensor")
    return _repeat(self, repeats)


@op(name="tile", forms="torch Tensor")
def tile(self, *dims):
    """repeat() with ``dims`` padded with leading 1s to self's number of dims."""
    dims = sizes_arg(dims, "tile", "dims")
    return repeat(self, (1,) * (self.dim() - len(dims)) + dims)


# ---- view, reshape, flatten -------------------------------------------------------------------

def _infer_size(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = 1
    for s in shape:
        if s != -1:
            if s < 0:
                raise RuntimeError(f"invalid shape dimension {s}")
            known *= s
    if -1 in shape:
        if known == 0:
            raise RuntimeError(f"cannot reshape tensor of 0 elements into shape "
                               f"[{', '.join(map(str, shape))}] because the unspecified dimension size "
                               "-1 can be any value and is ambiguous")
        if numel % known:
            raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of size {numel}")
        shape[shape.index(-1)] = numel // known
    elif known != numel:
        raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of size {numel}")
    return tuple(shape)


def _view_strides(old_shape, old_stride, new_shape):
    """Strides viewing (old_shape, old_stride) as new_shape, or None (ATen's computeStride)."""
    if not old_shape:
        return tuple(1 for _ in new_shape)
    if old_stride == contiguous_strides(old_shape):  # one chunk (an empty one too): the new shape's own strides
        return contiguous_strides(new_shape)
    numel = numel_of(old_shape)
    if numel == 0:  # any strides would do: PyTorch keeps them for the same shape, like NumPy
        return tuple(old_stride) if tuple(old_shape) == tuple(new_shape) else contiguous_strides(new_shape)
    new_stride = [0] * len(new_shape)
    view_d = len(new_shape) - 1
    chunk_base_stride = old_stride[-1]
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[tensor_d]
        if tensor_d == 0 or (old_shape[tensor_d - 1] != 1 and
                             old_stride[tensor_d - 1] != tensor_numel * chunk_base_stride):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_stride[view_d] = view_numel * chunk_base_stride
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base_stride = old_stride[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    if view_d != -1:
        return None
    return tuple(new_stride)


@op("ViewBackward0", name="view", result="auto_linear", self=lambda grad, self: grad.reshape(self._shape))
def _view_op(self, shape):
    stride = _view_strides(self._shape, self._stride, shape)
    if stride is None:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one dimension "
            "spans across two contiguous subspaces). Use .reshape(...) instead.")
    return _view(self, shape, stride)


@op(name="view", forms="Tensor")
def view(self, *shape):
    if not shape:
        raise TypeError("view() received an invalid combination of arguments - got (), but expected one of:\n"
                        " * (torch.dtype dtype)\n * (tuple of ints size)\n")
    if len(shape) == 1 and isinstance(shape[0], _dtype.dtype):
        return _view_dtype(self, shape[0])
    return _view_op(self, _infer_size(sizes_arg(shape), self.numel()))


def _view_dtype(self, dtype):
    """``self``'s bytes read as ``dtype`` (PyTorch's view.dtype, never differentiable): the last dimension
    shrinks or grows by the ratio of the element sizes. For another dtype the bytes are in a storage of
    their own (the pure-Python backend's buffers cannot alias memory across types) that shares them with
    ``self``'s (``SharedBytes``: a write through either is copied to the other, one version counter)."""
    if dtype is self.dtype:
        return self.detach()  # the same storage, no history: PyTorch's view.dtype is not a differentiable view
    old, new = self.dtype.itemsize, dtype.itemsize
    shape, stride, offset = list(self._shape), list(self._stride), self._offset
    if old != new:
        names = f"{type_name(self.dtype)} as {type_name(dtype)} (different element sizes)"
        if not shape:
            raise RuntimeError(f"self.dim() cannot be 0 to view {names}")
        if stride[-1] != 1:
            raise RuntimeError(f"self.stride(-1) must be 1 to view {names}, but got {stride[-1]}")
        if old > new:
            ratio = old // new
            shape[-1] *= ratio
            stride = [st * ratio for st in stride[:-1]] + [1]
            offset *= ratio
        else:
            ratio = new // old
            if shape[-1] % ratio:
                raise RuntimeError(f"self.size(-1) must be divisible by {ratio} to view {names}, but got {shape[-1]}")
            if offset % ratio:
                raise RuntimeError(f"self.storage_offset() must be divisible by {ratio} to view {names}, "
                                   f"but got {offset}")
            for i, st in enumerate(stride[:-1]):
                if st % ratio:
                    raise RuntimeError(f"self.stride({i}) must be divisible by {ratio} to view {names}, but got {st}")
            shape[-1] //= ratio
            stride = [st // ratio for st in stride[:-1]] + [1]
            offset //= ratio
    buf = bytes_buffer(buffer_bytes(self._storage.buf, self.dtype), dtype)
    whole = new_tensor(buf, (len(buf),), dtype)
    SharedBytes.share(self._storage, self.dtype, whole._storage, dtype)
    result = whole._view_of(tuple(shape), tuple(stride), offset)
    result._base = None
    return result


@op(name="real", forms="torch")
def real(self):
    """A real tensor is its own real part (complex tensors are not supported)."""
    return self


@op(name="imag", forms="torch")
def imag(self):
    raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")


@op(name="view_as", forms="Tensor")
def view_as(self, other):
    return view(self, other._shape)


@op("UnsafeViewBackward0", name="_unsafe_view", result="auto_linear", self=lambda grad, self: grad.reshape(self._shape))
def _unsafe_view(self, shape):
    return _view(self, shape, contiguous_strides(shape))


@op(name="reshape", forms="torch Tensor")
def reshape(self, *shape):
    shape = _infer_size(sizes_arg(shape, "reshape", "shape"), self.numel())
    if _view_strides(self._shape, self._stride, shape) is not None:
        return _view_op(self, shape)
    return _unsafe_view(clone(self, "contiguous"), shape)


@op(name="reshape_as", forms="Tensor")
def reshape_as(self, other):
    return reshape(self, other._shape)


@op(name="flatten", forms="torch Tensor")
def flatten(self, start_dim=0, end_dim=-1):
    if not self._shape:
        return reshape(self, (1,))
    s, e = wrap_dim(start_dim, self.dim()), wrap_dim(end_dim, self.dim())
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return self
    shape = self._shape[:s] + (numel_of(self._shape[s:e + 1]),) + self._shape[e + 1:]
    return reshape(self, shape)


@op(name="ravel", forms="torch Tensor")
def ravel(self):
    return view(self.contiguous(), -1)


@op(name="broadcast_to", forms="torch Tensor")
def broadcast_to(self, size):
    return expand(self, size)


def broadcast_shapes(*shapes):
    return Size(broadcast_sizes(*[tuple(s) if hasattr(s, "__len__") else (s,) for s in shapes]))


def broadcast_tensors(*tensors):
    shape = broadcast_shapes(*[t.shape for t in tensors])
    return tuple(t if t.shape == shape else t.expand(shape) for t in tensors)  # as PyTorch: no expand needed, none made


@op(name="unflatten", forms="torch Tensor")
def unflatten(self, dim, sizes):
    d = wrap_dim(dim, self.dim())
    sizes = tuple(sizes)
    if -1 in sizes:
        sizes = _infer_size(sizes, self._shape[d])
    elif numel_of(sizes) != self._shape[d]:
        raise RuntimeError(f"unflatten: Provided sizes [{', '.join(map(str, sizes))}] don't multiply up "
                           f"to the size of dim {dim} ({self._shape[d]}) in the input tensor")
    return view(self, self._shape[:d] + sizes + self._shape[d + 1:])


@op(name="contiguous", forms="Tensor")
def contiguous(self, memory_format=None):
    if self.is_contiguous():
        return self
    return clone(self, "contiguous")


def meshgrid(*tensors, indexing="ij"):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    sizes = [t.numel() for t in tensors]
    if indexing == "xy" and len(tensors) >= 2:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, t in enumerate(tensors):
        shape = [1] * len(tensors)
        pos = i
        if indexing == "xy" and len(tensors) >= 2 and i < 2:
            pos = 1 - i
        shape[pos] = t.numel()
        out.append(t.reshape(shape).expand(sizes))
    return tuple(out)
