"""Tensor creation: torch.tensor, zeros/ones/full/empty (and _like, new_), arange, linspace,
logspace, eye, the legacy constructors, and the numpy bridge."""
import math

from .. import _dtype, _process
from .._backend import backend as B
from .._float32 import f32, fma32, fma64
from .._size import Size
from .._tensor import Tensor, numel_of
from ..autograd.derivatives import op
from ._helpers import TYPE_NAMES, checked_fill_value, new_tensor, from_values, sizes_arg


# ---- torch.tensor --------------------------------------------------------------------------

def _infer(data):
    """(flat values, shape, inferred dtype) of nested Python data."""
    if isinstance(data, Tensor):
        return data._flat(), data._shape, data.dtype
    if isinstance(data, (list, tuple)):
        if not data:
            return [], (0,), None
        parts = [_infer(d) for d in data]
        inner = parts[0][1]
        for p in parts[1:]:
            if p[1] != inner:
                raise ValueError(f"expected sequence of length {inner[0] if inner else 0} at dim "
                                 f"{1} (got {p[1][0] if p[1] else 0})")
        dtype = None
        for p in parts:
            dtype = p[2] if dtype is None else (_promote_inferred(dtype, p[2]) if p[2] else dtype)
        return [v for p in parts for v in p[0]], (len(data),) + inner, dtype
    if type(data).__module__ == "numpy" and hasattr(data, "dtype"):  # a numpy scalar keeps its dtype
        return [data.item()], (), _NUMPY_DTYPES.get(str(data.dtype)) or _infer(data.item())[2]
    if isinstance(data, bool):
        return [data], (), _dtype.bool_
    if isinstance(data, int):
        return [data], (), _dtype.int64
    if isinstance(data, float):
        return [data], (), _dtype.get_default_dtype()
    if hasattr(data, "item") and hasattr(data, "dtype"):  # numpy scalar
        return _infer(data.item())
    if isinstance(data, str):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    raise RuntimeError(f"Could not infer dtype of {type(data).__name__}")


def _promote_inferred(a, b):
    if a is b:
        return a
    order = {"b": 0, "u": 1, "i": 1, "f": 2}
    return a if order[a.kind] >= order[b.kind] else b


def _finish(t, requires_grad):
    if requires_grad:
        if t.dtype.kind != "f":
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        t.requires_grad_(True)
    return t


_INT64_LIMIT = 2 ** 63


@op(name="tensor", forms="torch")
def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    if isinstance(data, Tensor):
        import warnings
        warnings.warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
                      "or sourceTensor.detach().clone().requires_grad_(True), rather than "
                      "torch.tensor(sourceTensor).", UserWarning, stacklevel=2)
    if _is_ndarray(data):
        t = from_numpy(data.copy())
        t = t.to(dtype) if dtype is not None else t
        return _finish(new_tensor(B.copy(t._buf()), t._shape, t.dtype), requires_grad)
    flat, shape, inferred = _infer(data)
    dtype = dtype or inferred or _dtype.get_default_dtype()
    if dtype.kind in "iu":
        if any(isinstance(v, float) for v in flat):
            flat = [int(v) for v in flat]
        elif any(not -_INT64_LIMIT <= v < _INT64_LIMIT for v in flat):
            raise ValueError("Overflow when unpacking long long")
    if not shape:  # a scalar: held as the 0-d results of ops hold theirs (their fast path reads it inline)
        return _finish(Tensor._make_scalar(flat[0], dtype), requires_grad)
    return _finish(from_values(flat, shape, dtype), requires_grad)


@op(name="as_tensor", forms="torch")
def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor):
        return data if dtype is None or dtype is data.dtype else data.to(dtype)
    if _is_ndarray(data):
        t = from_numpy(data)
        return t if dtype is None else t.to(dtype)
    return tensor(data, dtype=dtype)


def _is_ndarray(data):
    return type(data).__module__ == "numpy" and type(data).__name__ == "ndarray"


def legacy_new(*args, dtype=None, **kwargs):
    """torch.Tensor(...) / FloatTensor(...): sizes give an uninitialised tensor (zeros here),
    a sequence gives a copy of the data."""
    dtype = dtype or _dtype.float32
    if len(args) == 1 and isinstance(args[0], (list, tuple)) and not isinstance(args[0], Size):
        return tensor(list(args[0]), dtype=dtype)
    if len(args) == 1 and isinstance(args[0], Tensor):
        return args[0] if args[0].dtype is dtype else args[0].to(dtype)
    shape = sizes_arg(args) if args else (0,)
    return from_values([0] * numel_of(shape), shape, dtype)


def _legacy_class(name, dtype):
    def __new__(cls, *args, **kwargs):
        return legacy_new(*args, dtype=dtype, **kwargs)
    return type(name, (), {"__new__": __new__, "dtype": dtype})


FloatTensor = op(name="FloatTensor", forms="torch")(_legacy_class("FloatTensor", _dtype.float32))
DoubleTensor = op(name="DoubleTensor", forms="torch")(_legacy_class("DoubleTensor", _dtype.float64))
LongTensor = op(name="LongTensor", forms="torch")(_legacy_class("LongTensor", _dtype.int64))
IntTensor = op(name="IntTensor", forms="torch")(_legacy_class("IntTensor", _dtype.int32))
ShortTensor = op(name="ShortTensor", forms="torch")(_legacy_class("ShortTensor", _dtype.int16))
CharTensor = op(name="CharTensor", forms="torch")(_legacy_class("CharTensor", _dtype.int8))
BoolTensor = op(name="BoolTensor", forms="torch")(_legacy_class("BoolTensor", _dtype.bool_))
ByteTensor = op(name="ByteTensor", forms="torch")(_legacy_class("ByteTensor", _dtype.uint8))


# ---- filled tensors -----------------------------------------------------------------------

def _fill_dtype(value, dtype):
    if dtype is not None:
        return dtype
    if isinstance(value, bool):
        return _dtype.bool_
    if isinstance(value, int):
        return _dtype.int64
    if isinstance(value, Tensor):
        return value.dtype
    return _dtype.get_default_dtype()


@op(name="full", forms="torch")
def full(size, fill_value, *, dtype=None, device=None, requires_grad=False, out=None, layout=None, pin_memory=False):
    shape = sizes_arg((size,)) if not isinstance(size, int) else (size,)
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    dtype = _fill_dtype(fill_value, dtype)
    fill_value = checked_fill_value(fill_value, dtype)
    return _finish(new_tensor(B.full(numel_of(shape), fill_value, dtype), shape, dtype), requires_grad)


def _sized(name, default):
    def make(*sizes, size=None, dtype=None, device=None, requires_grad=False, out=None, layout=None,
             pin_memory=False, memory_format=None):
        shape = sizes_arg(sizes if size is None else (size,))
        for s in shape:
            if s < 0 and name == "zeros":
                raise RuntimeError("zeros: Dimension size must be non-negative.")
            if s < 0:
                raise RuntimeError(f"Trying to create tensor with negative dimension {s}: "
                                   f"[{', '.join(map(str, shape))}]")
        dtype = dtype or _dtype.get_default_dtype()
        return _finish(new_tensor(B.full(numel_of(shape), default, dtype), shape, dtype), requires_grad)
    return make


zeros = op(name="zeros", forms="torch")(_sized("zeros", 0))
ones = op(name="ones", forms="torch")(_sized("ones", 1))
empty = op(name="empty", forms="torch")(_sized("empty", 0))  # uninitialised memory in PyTorch; zeros here


@op(name="full_like", forms="torch")
def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False, memory_format=None, layout=None,
              pin_memory=False):
    dtype = dtype or input.dtype
    return _finish(new_tensor(B.full(input.numel(), fill_value, dtype), input._shape, dtype), requires_grad)


@op(name="zeros_like", forms="torch torch.empty_like")
def zeros_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None, layout=None,
               pin_memory=False):
    return full_like(input, 0, dtype=dtype, requires_grad=requires_grad)


@op(name="ones_like", forms="torch")
def ones_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None, layout=None,
              pin_memory=False):
    return full_like(input, 1, dtype=dtype, requires_grad=requires_grad)


empty_like = zeros_like


@op(name="new_tensor", forms="Tensor")
def new_tensor_method(self, data, *, dtype=None, device=None, requires_grad=False):
    if isinstance(data, Tensor):
        import warnings
        warnings.warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
                      "or sourceTensor.detach().clone().requires_grad_(True), rather than "
                      "tensor.new_tensor(sourceTensor).", UserWarning, stacklevel=2)
    return tensor(data, dtype=dtype or self.dtype, requires_grad=requires_grad)


def _new_filled(fill):
    def new(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
        shape = sizes_arg(size)
        dtype = dtype or self.dtype
        return _finish(new_tensor(B.full(numel_of(shape), fill, dtype), shape, dtype), requires_grad)
    return new


new_zeros = op(name="new_zeros", forms="Tensor")(_new_filled(0))
new_ones = op(name="new_ones", forms="Tensor")(_new_filled(1))
new_empty = op(name="new_empty", forms="Tensor")(_new_filled(0))


@op(name="new_full", forms="Tensor")
def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return full(size, fill_value, dtype=dtype or self.dtype, requires_grad=requires_grad)


@op(name="empty_strided", forms="torch")
def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False):
    """Zeros (PyTorch leaves them uninitialised) in a storage just large enough for the strides."""
    shape, strides = tuple(sizes_arg((size,))), tuple(sizes_arg((stride,)))
    dtype = dtype or _dtype.get_default_dtype()
    needed = 1 + sum((n - 1) * st for n, st in zip(shape, strides)) if 0 not in shape else 0
    t = new_tensor(B.full(needed, 0, dtype), (needed,), dtype)._view_of(shape, strides, 0)
    t._base = None
    return _finish(t, requires_grad)


@op(name="new_empty_strided", forms="Tensor")
def new_empty_strided(self, size, stride, dtype=None, device=None, requires_grad=False, layout=None,
                      pin_memory=False):
    return empty_strided(size, stride, dtype=dtype or self.dtype, requires_grad=requires_grad)


# ---- ranges --------------------------------------------------------------------------------

def _number(v):
    return v.item() if isinstance(v, Tensor) else v


@op(name="arange", forms="torch")
def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False, out=None, layout=None,
           pin_memory=False):
    start, end, step = _number(start), _number(end), _number(step)
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if (end - start) / step < 0:
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    is_float = any(isinstance(v, float) for v in (start, end, step))
    if dtype is None:
        dtype = _dtype.get_default_dtype() if is_float else _dtype.int64
    n = math.ceil((end - start) / step)
    if dtype.kind == "f":
        values = _arange_float(start, step, n, dtype)
    else:
        values = [int(start + i * step) for i in range(n)]
    return _finish(from_values(values, (n,), dtype), requires_grad)


def _arange_float(start, step, n, dtype):
    """PyTorch's CPU kernel: in double, fma(step, i, start) (the AVX2 build fuses it), except
    that full blocks of two vectors (8 floats or 4 doubles each) start each vector at a rounded
    base (``Vectorized::arange``): fma(i, step, base), rounded once."""
    r = f32 if dtype.itemsize == 4 else float
    width = 8 if dtype.itemsize == 4 else 4
    vector_end = n // (2 * width) * (2 * width)
    values = []
    for first in range(0, vector_end, width):
        base = r(fma64(step, first, start))
        values.extend(fma64(i, step, base) for i in range(width))
    values.extend(fma64(step, i, start) for i in range(vector_end, n))
    return values


@op(name="range", forms="torch")
def range_inclusive(start=0, end=None, step=1, *, dtype=None, device=None, requires_grad=False, layout=None):
    """torch.range, deprecated: like arange but including ``end`` (the values start + k * step <= end)."""
    _process.warn("torch.range is deprecated and will be removed in a future release because its behavior is "
                  "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                  "[start, end).")
    if end is None:
        start, end = 0, start
    dtype = dtype or _dtype.get_default_dtype()
    count = math.floor((end - start) / step) + 1 if (end - start) / step >= 0 else 0
    return arange(count, dtype=dtype) * step + start if count else tensor([], dtype=dtype)


@op(name="linspace", forms="torch")
def linspace(start, end, steps, *, dtype=None, device=None, requires_grad=False, out=None, layout=None):
    start, end = _number(start), _number(end)
    dtype = dtype or _dtype.get_default_dtype()
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    if steps == 1:
        return _finish(from_values([start], (1,), dtype), requires_grad)
    values = _linspace_values(start, end, steps, dtype)
    return _finish(from_values(values, (steps,), dtype), requires_grad)


def _linspace_values(start, end, steps, dtype):
    """PyTorch's kernel, in the dtype's arithmetic: step = (end - start) / (steps - 1); the
    first half counts up from start, the second down from end, each element one fused
    multiply-add."""
    if dtype.kind != "f":
        step = (end - start) / (steps - 1)
        half = steps // 2
        return [int(start + step * i) if i < half else int(end - step * (steps - i - 1)) for i in range(steps)]
    r, fma = (f32, fma32) if dtype.itemsize == 4 else (float, fma64)
    s, e = r(start), r(end)
    step = r(r(e - s) / (steps - 1))
    half = steps // 2
    return [fma(step, i, s) if i < half else fma(-step, steps - i - 1, e) for i in range(steps)]


@op(name="logspace", forms="torch")
def logspace(start, end, steps, base=10.0, *, dtype=None, device=None, requires_grad=False, layout=None):
    dtype = dtype or _dtype.get_default_dtype()
    exps = _linspace_values(_number(start), _number(end), steps, _dtype.float64) if steps > 1 else [start]
    r = f32 if dtype is _dtype.float32 else float
    return _finish(from_values([r(base ** e) for e in exps][:steps], (steps,), dtype), requires_grad)


@op(name="eye", forms="torch")
def eye(n, m=None, *, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    m = n if m is None else m
    dtype = dtype or _dtype.get_default_dtype()
    values = [1 if i == j else 0 for i in range(n) for j in range(m)]
    return _finish(from_values(values, (n, m), dtype), requires_grad)


def _triangle_indices(name, row, col, offset, dtype, keep):
    """The (row, column) pairs of a row x col matrix where keep(i, j - offset), row-major, as 2 x N."""
    for what, n in (("row", row), ("col", col)):
        if n < 0:
            raise RuntimeError(f"{what} must be non-negative, got{n}")
    if dtype.kind not in "iu":
        raise NotImplementedError(f"\"{name}\" not implemented for '{TYPE_NAMES[dtype.name]}'")
    pairs = [(i, j) for i in range(row) for j in range(col) if keep(i, j - offset)]
    return from_values([i for i, _ in pairs] + [j for _, j in pairs], (2, len(pairs)), dtype)


@op(name="tril_indices", forms="torch")
def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None, pin_memory=False):
    return _triangle_indices("tril_indices", row, col, offset, dtype or _dtype.int64, lambda i, j: j <= i)


@op(name="triu_indices", forms="torch")
def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None, pin_memory=False):
    return _triangle_indices("triu_indices", row, col, offset, dtype or _dtype.int64, lambda i, j: j >= i)


# ---- numpy bridge -------------------------------------------------------------------------

_NUMPY_DTYPES = {"bool": _dtype.bool_, "uint8": _dtype.uint8, "int8": _dtype.int8, "int16": _dtype.int16,
                 "int32": _dtype.int32, "int64": _dtype.int64, "float16": _dtype.float16,
                 "float32": _dtype.float32, "float64": _dtype.float64}


@op(name="from_numpy", forms="torch")
def from_numpy(array):
    """A tensor sharing the array's memory (numpy backend, contiguous arrays); else a copy."""
    dtype = _NUMPY_DTYPES.get(str(array.dtype))
    if dtype is None:
        raise TypeError(f"can't convert np.ndarray of type numpy.{array.dtype}. The only supported types "
                        "are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, "
                        "uint8, and bool.")
    return new_tensor(B.from_ndarray(array, dtype), tuple(array.shape), dtype)


@op(name="numpy", forms="Tensor")
def numpy(self, *, force=False):
    if self._requires_grad and not force:
        raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
                           "instead.")
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise RuntimeError("Numpy is not available") from None
    return B.to_ndarray(self._storage.buf, self._offset, self._shape, self._stride, self.dtype)
