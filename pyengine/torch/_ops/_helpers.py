"""Shared plumbing of the ops: operands, broadcasting, scalar conversion, dims, errors."""
from .._backend import backend as B
from .._dtype import CPP_TYPE_NAMES, TYPE_NAMES  # noqa: F401  (the ops import them from here)
from .._float32 import f32
from .._tensor import Tensor, numel_of


def is_tensor(x):
    return isinstance(x, Tensor)


def typename(obj):
    """A tensor's type() (torch.FloatTensor), else the qualified name of the object (a class, a
    function) or of its class, without `builtins.`: PyTorch's torch.typename, used in its errors."""
    if isinstance(obj, Tensor):
        return obj.type()
    module, qualname = getattr(obj, "__module__", "") or "", getattr(obj, "__qualname__", None)
    if qualname is None:
        qualname = getattr(obj, "__name__", None)
    if qualname is None:
        module, qualname = obj.__class__.__module__ or "", obj.__class__.__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


def broadcast_shapes(*shapes):
    ndim = max(len(s) for s in shapes)
    out = [1] * ndim
    for k, s in enumerate(shapes):
        for i, size in enumerate(s, ndim - len(s)):
            if size == out[i] or size == 1:
                continue
            if out[i] == 1:
                out[i] = size
                continue
            # PyTorch compares the shape so far (tensor a) with this operand (tensor b)
            raise RuntimeError(_broadcast_error((broadcast_shapes(*shapes[:k]), s)))
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


_2_63, _2_64 = 1 << 63, 1 << 64


def scalar_as(value, dtype):
    """A Python scalar converted to ``dtype`` the way PyTorch converts scalar operands. A Python int
    becomes an int64, or beyond it a uint64 (up to 2**64 - 1), which an integer dtype wraps."""
    kind = dtype.kind
    if kind == "f":
        if value.__class__ is int and not -_2_63 <= value < _2_64:
            _check_int64_or_uint64(value)
        return f32(value) if dtype.itemsize == 4 else float(value)
    if kind == "b":
        return bool(value)
    value = int(value)
    if not -_2_63 <= value < _2_63:
        _check_int64_or_uint64(value)
        value -= _2_64
    return value


def _check_int64_or_uint64(value):
    if value < 0:
        raise OverflowError("can't convert negative int to unsigned")
    if value >= _2_64:
        raise OverflowError("int too big to convert")


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


def buffer_as(x, shape, dtype):
    """Like ``operand`` but always a buffer of numel(shape) elements."""
    buf = operand(x, shape, dtype)
    if not hasattr(buf, "__len__"):
        buf = B.full(numel_of(shape), buf, dtype)
    return buf


def new_tensor(buf, shape, dtype):
    return Tensor._make(buf, shape, dtype)


def from_values(values, shape, dtype):
    """A new tensor from a flat Python list."""
    return Tensor._make(B.from_list(values, dtype), tuple(shape), dtype)


def wrap_dim(dim, ndim):
    lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
    if not lo <= dim <= hi:
        raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], "
                         f"but got {dim})")
    return dim + ndim if dim < 0 else dim


def sizes_arg(sizes, op=None, param=None):
    """``f(2, 3)``, ``f((2, 3))`` and ``f([2, 3])`` all mean the sizes (2, 3); ``f()`` is
    PyTorch's missing-argument error when ``op`` names the function and ``param`` the sizes."""
    if not sizes and op is not None:
        raise missing_arguments(op, param)
    if len(sizes) == 1 and not isinstance(sizes[0], int):
        return tuple(int(s) for s in sizes[0])
    return tuple(int(s) for s in sizes)


def missing_arguments(op, *params):
    """PyTorch's argument-parser error for required arguments left out (its plural is the
    wrong way round: "1 required positional arguments", "2 required positional argument")."""
    listed = ", ".join(f'"{p}"' for p in params)
    plural = "s" if len(params) == 1 else ""
    return TypeError(f"{op}() missing {len(params)} required positional argument{plural}: {listed}")


def permuted(x, order):
    """A contiguous buffer of x with its dims reordered to ``order``."""
    shape = tuple(x._shape[d] for d in order)
    stride = tuple(x._stride[d] for d in order)
    return B.take(x._storage.buf, x._offset, shape, stride), shape




def checked_fill_value(value, dtype):
    """An integer number to store into an integer dtype (full, fill_), checked as PyTorch does."""
    if value.__class__ is int and dtype.kind in "iu":
        bits = 8 * dtype.itemsize
        # (an unsigned type takes negatives down to -max, which wrap)
        low, high = (-(1 << bits - 1), 1 << bits - 1) if dtype.is_signed else (1 - (1 << bits), 1 << bits)
        if not low <= value < high:
            raise RuntimeError(f"value cannot be converted to type {_C_INTS.get(dtype.name, dtype.name + '_t')} "
                               "without overflow")
        return value % (1 << bits) if not dtype.is_signed else value
    return value


_C_INTS = {"int32": "int"}  # the C type names c10's checked conversion prints (the others: int8_t, ...)


def type_name(dtype):
    """PyTorch's ScalarType name of a dtype: Float, Long, ..."""
    return TYPE_NAMES[dtype.name]


def positions(x):
    """The storage positions of x's elements in row-major order (for gathers and scatters)."""
    idx = [x._offset]
    for size, stride in zip(x._shape, x._stride):
        steps = [stride * k for k in range(size)]
        idx = [i + s for i in idx for s in steps]
    return idx

