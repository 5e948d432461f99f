"""numpy array backend: buffers are 1-D numpy arrays. Same interface as ``python.py``.

Except one kind: the 0-d fast path's float32/float64 buffers (``one``) are one-element
``array.array``s, as on the pure-Python backend. Making, reading and freeing one costs a
third of what a one-element ndarray does, and a scalar op makes and reads several (the
scalar autograd chain: 7.7 -> 6.9 us per op). Every function here takes both kinds
(``_as_ndarray`` views an array.array's memory) and returns ndarrays.

float32 + - * / and sqrt are IEEE in numpy, as in PyTorch. Functions PyTorch takes from
vendor libraries (exp, sin, ...) are computed in float64 and rounded once (correctly
rounded), like the pure-Python backend, so both backends give the same bits.
"""
import functools
from array import array

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._float32 import f32 as _f32, fma64 as _fma64
from .python import SCALAR_BINARY, SCALAR_INT_UNARY, SCALAR_UNARY, _one_element_maker  # noqa: F401

NAME = "numpy"

_NP = {"bool": np.bool_, "uint8": np.uint8, "int8": np.int8, "int16": np.int16, "int32": np.int32,
       "int64": np.int64, "float16": np.float16, "float32": np.float32, "float64": np.float64}


_OF_TYPECODE = {"f": np.float32, "d": np.float64}
_ERR = dict(divide="ignore", invalid="ignore", over="ignore", under="ignore")


def _ieee(kernel):
    """``kernel`` with numpy's floating-point warnings off: inf and nan come out silently, as
    in PyTorch (a learner's output shows no RuntimeWarning)."""
    @functools.wraps(kernel)
    def quiet(*args, **kwargs):
        with np.errstate(**_ERR):
            return kernel(*args, **kwargs)
    return quiet


def _as_ndarray(buf):
    """A buffer as an ndarray; an array.array's memory is shared, not copied."""
    return buf if buf.__class__ is np.ndarray else np.frombuffer(buf, _OF_TYPECODE[buf.typecode])


def _operands(*values):
    """Kernel operands: array.array buffers as ndarrays, the rest (ndarrays, numbers) as they are."""
    return tuple(_as_ndarray(v) if v.__class__ is array else v for v in values)


def from_list(values, dtype):
    if len(values) == 1 and dtype.itemsize == 4 and dtype.kind == "f":
        return np.array((_f32(values[0]),), np.float32)  # one value (torch.tensor(0.5)): no errstate cost
    if dtype.kind == "f":
        with np.errstate(over="ignore"):  # values beyond the float32 range become inf
            return np.array(values, dtype=np.float64).astype(_NP[dtype.name]).reshape(-1)
    return np.array(values, dtype=_NP[dtype.name]).reshape(-1)


def to_list(buf, dtype):
    return buf.tolist()


def full(n, value, dtype):
    return np.full(n, value, dtype=_NP[dtype.name])


def as_buffer(values, dtype):
    """A kernel's result (an ndarray, or a list) as a buffer of ``dtype``."""
    return values if values.__class__ is np.ndarray else from_list(values, dtype)


def from_ndarray(array, dtype):
    """A buffer of a numpy array's elements in row-major order; sharing its memory when it is
    contiguous."""
    return array.reshape(-1) if array.flags["C_CONTIGUOUS"] else from_list(array.reshape(-1).tolist(), dtype)


def to_ndarray(buf, offset, shape, strides, dtype):
    """A numpy array of the strided region, sharing the buffer's memory."""
    return _view(buf, offset, shape, strides)


def copy(buf):
    return _as_ndarray(buf).copy()


def _view(buf, offset, shape, strides):
    """A numpy view of the strided region (no copy)."""
    buf = _as_ndarray(buf)
    item = buf.itemsize
    return as_strided(buf[offset:], shape=shape, strides=[s * item for s in strides], writeable=True)


def take(buf, offset, shape, strides):
    return _view(buf, offset, shape, strides).reshape(-1).copy() if shape else \
        _as_ndarray(buf)[offset:offset + 1].copy()


def put(buf, offset, shape, strides, src):
    if not shape:
        buf[offset] = src[0]
        return
    _view(buf, offset, shape, strides)[...] = src.reshape(shape)


def gather(buf, positions):
    return _as_ndarray(buf)[np.asarray(positions, dtype=np.int64)]


def scatter(buf, positions, src):
    _as_ndarray(buf)[np.asarray(positions, dtype=np.int64)] = src


@_ieee
def cast(buf, dtype):
    target = _NP[dtype.name]
    buf = _as_ndarray(buf)
    if buf.dtype.kind == "f" and dtype.kind in "iu":
        # a C cast: truncate toward zero; nan and inf give INT64_MIN as on x86
        bad = ~np.isfinite(buf)
        out = np.trunc(buf).astype(np.int64)
        out[bad] = np.iinfo(np.int64).min
        return out.astype(target)
    return buf.astype(target)


def get(buf, i, dtype):
    return number(buf, i)


def _in_float64(fn):
    return lambda a: fn(a.astype(np.float64)) if a.dtype == np.float32 else fn(a)


def _relu(a):
    return np.where(a < 0, np.zeros((), a.dtype), a)  # relu(-0.) is -0., relu(nan) is nan


def _sigmoid(a):
    return 1.0 / (1.0 + np.exp(-a))


UNARY = {
    "neg": np.negative,
    "abs": np.abs,
    "exp": _in_float64(np.exp),
    "exp2": _in_float64(np.exp2),
    "expm1": _in_float64(np.expm1),
    "log": _in_float64(np.log),
    "log2": _in_float64(np.log2),
    "log10": _in_float64(np.log10),
    "log1p": _in_float64(np.log1p),
    "sqrt": np.sqrt,
    "sin": _in_float64(np.sin),
    "cos": _in_float64(np.cos),
    "tan": _in_float64(np.tan),
    "asin": _in_float64(np.arcsin),
    "acos": _in_float64(np.arccos),
    "atan": _in_float64(np.arctan),
    "sinh": _in_float64(np.sinh),
    "cosh": _in_float64(np.cosh),
    "tanh": _in_float64(np.tanh),
    "asinh": _in_float64(np.arcsinh),
    "acosh": _in_float64(np.arccosh),
    "atanh": _in_float64(np.arctanh),
    "sigmoid": _in_float64(_sigmoid),
    "erf": _in_float64(np.vectorize(__import__("math").erf, otypes=[np.float64])),
    "erfc": _in_float64(np.vectorize(__import__("math").erfc, otypes=[np.float64])),
    "sign": np.sign,
    "floor": np.floor,
    "ceil": np.ceil,
    "trunc": np.trunc,
    "round": np.rint,
    "frac": lambda a: a - np.trunc(a),
    "relu": _relu,
    "logical_not": np.logical_not,
    "bitwise_not": np.invert,
    "isnan": np.isnan,
    "isinf": np.isinf,
    "isfinite": np.isfinite,
    "square": np.square,
}


def _int_checked(fn):
    """Integer division by zero is an error in PyTorch."""
    def kernel(a, b, **kw):
        if np.asarray(b).dtype.kind in "iub" and np.asarray(a).dtype.kind in "iub" and np.any(b == 0):
            raise RuntimeError("ZeroDivisionError")
        return fn(a, b, **kw)
    return kernel


def _binary_in_float64(fn):
    def kernel(a, b, dtype):
        if dtype == np.float32:
            return fn(np.float64(a) if np.isscalar(a) else a.astype(np.float64),
                      np.float64(b) if np.isscalar(b) else b.astype(np.float64))
        return fn(a, b, dtype=dtype)
    return kernel


def _remainder(a, b, dtype):
    """PyTorch's float remainder: fmod, moved into b's sign (a zero keeps its sign)."""
    if np.dtype(dtype).kind != "f":
        return np.remainder(a, b, dtype=dtype)
    mod = np.fmod(a, b, dtype=dtype)
    return np.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)


def _trunc_divide(a, b, dtype):
    if np.any(b == 0):
        raise RuntimeError("ZeroDivisionError")
    q = np.floor_divide(a, b, dtype=dtype)
    return q + ((np.remainder(a, b, dtype=dtype) != 0) & ((a < 0) != (b < 0)))


BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.true_divide,
    "floor_divide": _int_checked(np.floor_divide),
    "remainder": _int_checked(_remainder),
    "fmod": _int_checked(np.fmod),
    "trunc_divide": _trunc_divide,
    "pow": _binary_in_float64(np.power),
    "atan2": _binary_in_float64(np.arctan2),
    "hypot": _binary_in_float64(np.hypot),
    "copysign": np.copysign,
    "logaddexp": _binary_in_float64(np.logaddexp),
    "maximum": np.maximum,
    "minimum": np.minimum,
    "eq": np.equal,
    "ne": np.not_equal,
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
    "logical_and": np.logical_and,
    "logical_or": np.logical_or,
    "logical_xor": np.logical_xor,
    "bitwise_and": np.bitwise_and,
    "bitwise_or": np.bitwise_or,
    "bitwise_xor": np.bitwise_xor,
    "lshift": np.left_shift,
    "rshift": np.right_shift,
}
_NO_DTYPE_ARG = {"eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor"}


@_ieee
def unary(name, buf, dtype):
    return np.asarray(UNARY[name](_as_ndarray(buf))).astype(_NP[dtype.name], copy=False).reshape(-1)


def _scalar(value, t):
    try:
        return t(value)
    except OverflowError:  # an integer beyond the dtype's range wraps, as a C cast does
        return np.array(value, np.int64).astype(t)


@_ieee
def binary(name, a, b, dtype, out_dtype=None):
    t = _NP[dtype.name]
    a, b = (v if isinstance(v, np.ndarray) else _scalar(v, t) for v in _operands(a, b))
    out = np.asarray(BINARY[name](a, b) if name in _NO_DTYPE_ARG else BINARY[name](a, b, dtype=t))
    if out_dtype is not None or out.dtype != t:
        out = out.astype(_NP[(out_dtype or dtype).name], copy=False)
    return out.reshape(-1)


@_ieee
def fma(a, b, c, dtype):
    """a * b + c elementwise with a single rounding; a or c may be Python scalars."""
    t = _NP[dtype.name]
    a, b, c = _operands(a, b, c)
    if dtype.kind != "f":
        return (np.asarray(a, t) * b + np.asarray(c, t)).astype(t)
    if t == np.float64:
        a, c = np.broadcast_to(a, b.shape), np.broadcast_to(c, b.shape)
        return np.array([_fma64(x, y, z) for x, y, z in zip(a.tolist(), b.tolist(), c.tolist())], t)
    # float32: the float64 product is exact; round the sum to odd, then to float32
    p = np.asarray(a, np.float64) * b.astype(np.float64)
    c64 = np.broadcast_to(np.asarray(c, np.float64), p.shape)
    s = p + c64
    v = s - p
    err = (p - (s - v)) + (c64 - v)
    bits = s.view(np.int64)
    nudge = (err != 0) & ((bits & 1) == 0) & np.isfinite(s)
    step = np.where((err > 0) == (s > 0), 1, -1)
    s = np.where(nudge, (bits + step).view(np.float64), s)
    return s.astype(t)


@_ieee
def where(cond, a, b, dtype):
    t = _NP[dtype.name]
    a, b = _operands(a, b)
    return np.where(cond.astype(bool), a, b).astype(t, copy=False).reshape(-1)


one = _one_element_maker(from_list)


def number(buf, i):
    """Element i of a buffer that is not bool, as a Python number."""
    return buf[i] if buf.__class__ is array else buf.item(i)
