"""Shape and view ops. Views share storage with their base."""
from ..autograd.derivatives import op


def _view(x, shape, stride, offset=None):
    return x._view_of(tuple(shape), tuple(stride), x._offset if offset is None else offset)


@op("ExpandBackward0", self=lambda grad, self: grad.sum_to_size(self._shape))
def expand(self, *sizes):
    if len(sizes) == 1 and not isinstance(sizes[0], int):
        sizes = tuple(sizes[0])
    lead = len(sizes) - self.dim()
    if lead < 0:
        raise RuntimeError(
            f"expand(torch.FloatTensor{{[{', '.join(map(str, self._shape))}]}}, size=[{', '.join(map(str, sizes))}]): "
            "the number of sizes provided (%d) must be greater or equal to the number of dimensions "
            "in the tensor (%d)" % (len(sizes), self.dim()))
    shape, stride = [], []
    for i, size in enumerate(sizes):
        if i < lead:
            shape.append(size)
            stride.append(0)
            continue
        own, st = self._shape[i - lead], self._stride[i - lead]
        if size == -1 or size == own:
            shape.append(own)
            stride.append(st)
        elif own == 1:
            shape.append(size)
            stride.append(0)
        else:
            raise RuntimeError(
                f"The expanded size of the tensor ({size}) must match the existing size ({own}) at "
                f"non-singleton dimension {i}.  Target sizes: [{', '.join(map(str, sizes))}].  "
                f"Tensor sizes: [{', '.join(map(str, self._shape))}]")
    return _view(self, shape, stride)


@op("UnsqueezeBackward0", self=lambda grad, dim: grad.squeeze(dim))
def unsqueeze(self, dim):
    d = self._wrap_dim(dim, self.dim() + 1)
    shape = list(self._shape)
    stride = list(self._stride)
    new_stride = shape[d] * stride[d] if d < len(shape) else 1
    shape.insert(d, 1)
    stride.insert(d, new_stride)
    return _view(self, shape, stride)


@op("SqueezeBackward1", self=lambda grad, self: grad.reshape(self._shape))
def squeeze(self, dim=None):
    if dim is None:
        keep = [i for i, s in enumerate(self._shape) if s != 1]
    else:
        d = self._wrap_dim(dim)
        keep = [i for i in range(self.dim()) if i != d or self._shape[i] != 1]
    return _view(self, [self._shape[i] for i in keep], [self._stride[i] for i in keep])


def sum_to_size(x, *size):
    """Sum ``x`` over broadcast dims so it has shape ``size``."""
    if len(size) == 1 and not isinstance(size[0], int):
        size = tuple(size[0])
    lead = x.dim() - len(size)
    dims = list(range(lead))
    dims += [i + lead for i, s in enumerate(size) if s == 1 and x._shape[i + lead] != 1]
    if not dims:
        return x
    from .reduction import sum_dim
    out = sum_dim(x, dims, True)
    return out.reshape(size) if lead else out


@op("ViewBackward0", self=lambda grad, self: grad.reshape(self._shape))
def view(self, *shape):
    if len(shape) == 1 and not isinstance(shape[0], int):
        shape = tuple(shape[0])
    shape = _infer_size(shape, self.numel())
    if not self.is_contiguous():
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one dimension "
            "spans across two contiguous subspaces). Use .reshape(...) instead.")
    from .._tensor import contiguous_strides
    return _view(self, shape, contiguous_strides(shape))


def _infer_size(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = 1
    for s in shape:
        if s != -1:
            known *= s
    if -1 in shape:
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of size {numel}")
        shape[shape.index(-1)] = numel // known
    elif known != numel:
        raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of size {numel}")
    return tuple(shape)


def reshape(x, *shape):
    if len(shape) == 1 and not isinstance(shape[0], int):
        shape = tuple(shape[0])
    if x.is_contiguous():
        return view(x, shape)
    return view(x.clone(), shape)  # PyTorch records CloneBackward0 + ViewBackward0 here too
