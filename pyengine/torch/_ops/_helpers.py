"""Shared plumbing of the ops: operands, broadcasting, scalar conversion."""
from .. import _dtype
from .._backend import backend as B
from .._float32 import f32
from .._tensor import Tensor


def is_tensor(x):
    return isinstance(x, Tensor)


def broadcast_shapes(*shapes):
    ndim = max(len(s) for s in shapes)
    out = [1] * ndim
    for s in shapes:
        for i, size in enumerate(s, ndim - len(s)):
            if size == out[i] or size == 1:
                continue
            if out[i] == 1:
                out[i] = size
                continue
            raise RuntimeError(_broadcast_error(shapes))
    return tuple(out)


def _broadcast_error(shapes):
    a, b = shapes[0], shapes[1]
    # PyTorch names the first mismatching dim from the right, with sizes of both operands
    for i in range(1, max(len(a), len(b)) + 1):
        sa = a[-i] if i <= len(a) else 1
        sb = b[-i] if i <= len(b) else 1
        if sa != sb and sa != 1 and sb != 1:
            dim = max(len(a), len(b)) - i
            return (f"The size of tensor a ({sa}) must match the size of tensor b ({sb}) at "
                    f"non-singleton dimension {dim}")
    return "shapes cannot be broadcast"


def scalar_as(value, dtype):
    """A Python scalar converted to ``dtype`` the way PyTorch converts scalar operands."""
    kind = dtype.kind
    if kind == "f":
        return f32(value) if dtype is _dtype.float32 else float(value)
    if kind == "b":
        return bool(value)
    return int(value)


def expanded_strides(t, shape):
    """Strides that view ``t`` as ``shape`` (broadcasting: stride 0 on new or size-1 dims)."""
    lead = len(shape) - len(t._shape)
    strides = [0] * lead
    for size, tsize, st in zip(shape[lead:], t._shape, t._stride):
        strides.append(st if tsize == size else 0)
    return tuple(strides)


def operand(x, shape, dtype):
    """A backend buffer (or a Python scalar, for one-element operands) of x as ``dtype``,
    laid out as ``shape``."""
    if not isinstance(x, Tensor):
        return scalar_as(x, dtype)
    if x._shape == shape:
        buf = x._buf()
    elif x.numel() == 1:
        return scalar_as(x.item(), dtype)
    else:
        buf = B.take(x._storage.buf, x._offset, shape, expanded_strides(x, shape))
    return buf if x.dtype is dtype else B.cast(buf, dtype)


def new_tensor(buf, shape, dtype):
    return Tensor._make(buf, shape, dtype)
