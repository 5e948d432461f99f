"""Pure-Python array backend: buffers are ``array.array`` objects.

Storing into an ``array('f')`` rounds to float32, so a float64 computation of one
IEEE operation (+ - * / sqrt) on float32 inputs, stored once, gives the correctly
rounded float32 result, exactly what PyTorch's CPU kernels give. Functions that
PyTorch computes with vendor libraries (exp, sin, ...) are computed in float64 and
rounded once: the correctly rounded result.

Its interface, shared with ``numpy.py``, is listed in ``_backend/__init__.py``.
"""
import math
import operator
import struct
from array import array
from functools import lru_cache
from itertools import chain, repeat

from .._aten._common import fma32_seq
from .._float32 import fma32, fma64
from .._libm import acosh as _acosh, asinh as _asinh  # glibc's (musl's in Pyodide differ): torch's float64 ones
# In the browser, float32 and float64 buffers of kernels.MIN_ELEMENTS or more go to the wasm kernels
# (same bits); everywhere else kernels.wasm is None and every op runs the Python loops below.
from . import kernels

NAME = "python"

# _aten's kernels are this backend's own: their loops (with kernels.py's wasm where loaded) run as
# they are; the numpy backend replaces some with whole-array versions.
ATEN = {}
RANDOM = {}  # _random's loops are its own (or the wasm kernels', in the browser)

_pack_half = struct.Struct("<e").pack
_unpack_half = struct.Struct("<e").unpack


def _half(v):
    """v rounded to float16 (stored in an array('f'), which holds it exactly)."""
    try:
        return _unpack_half(_pack_half(v))[0]
    except OverflowError:
        return math.copysign(math.inf, v) if abs(v) >= 65520.0 else math.copysign(65504.0, v)


def _new(dtype, values):
    """A buffer of ``dtype`` holding ``values`` (float16 values are rounded to half first)."""
    if dtype.name == "float16":
        return array("f", map(_half, values))
    return array(dtype.typecode, values)


def from_list(values, dtype):
    if dtype.kind == "b":
        return array("B", [1 if v else 0 for v in values])
    if dtype.kind == "f":
        return _new(dtype, values)
    if values.__class__ is list:
        try:
            return array(dtype.typecode, values)  # ints (and bools) as they are, in one C loop
        except TypeError:  # floats among them: truncated, as int() does
            pass
    return array(dtype.typecode, [int(v) for v in values])


def as_buffer(values, dtype):
    """A kernel's result (an array, or a list) as a buffer of ``dtype``: an array of another
    type (a float64 result for a float32 tensor) is rounded to it once."""
    if values.__class__ is array:
        return values if values.typecode == dtype.typecode else cast(values, dtype)
    return from_list(values, dtype)


def from_ndarray(array_, dtype):
    """A buffer of a numpy array's elements in row-major order: the browser's numpy array's own
    buffer when the array is all of it, contiguous (memory shared, as PyTorch shares it); else a copy."""
    shared = getattr(array_, "_engine_buffer", None)
    if shared is not None and shared() is not None:
        return shared()
    return from_list(array_.reshape(-1).tolist(), dtype)


def to_ndarray(buf, offset, shape, strides, dtype):
    """A numpy array of the strided region: in the browser, its numpy's array over this very buffer
    (memory shared, as PyTorch shares it); with CPython's numpy, a copy (numpy cannot share an
    array.array's strided memory here)."""
    import numpy as np
    if getattr(np, "BROWSER", False):
        return np.ndarray._over_engine_buffer(buf, offset, shape, strides, dtype.name)
    return np.array(to_list(take(buf, offset, shape, strides), dtype),
                    dtype=dtype.name).reshape(shape)


def to_list(buf, dtype):
    if dtype.kind == "b":
        return [v != 0 for v in buf]
    return buf.tolist()


def full(n, value, dtype):
    return from_list([value], dtype) * n


def copy(buf):
    return array(buf.typecode, buf)


def _indices(offset, shape, strides):
    """Flat storage positions of a strided view, in row-major order."""
    idx = [offset]
    for size, stride in zip(shape, strides):
        steps = [stride * k for k in range(size)]
        idx = [i + s for i in idx for s in steps]
    return idx


@lru_cache(maxsize=512)
def _runs(shape, strides):
    """A strided view as runs along its longest moving dim d, so each run is one slice:
    (d's size, d's storage step, d's row-major step, [(storage start, row-major start)])."""
    d = max(range(len(shape)), key=lambda i: (strides[i] != 0, shape[i]))
    row_major = []
    acc = 1
    for size in reversed(shape):
        row_major.append(acc)
        acc *= size
    row_major.reverse()
    starts = [(0, 0)]
    for i, (size, stride, step) in enumerate(zip(shape, strides, row_major)):
        if i != d:
            starts = [(s + k * stride, o + k * step) for s, o in starts for k in range(size)]
    return shape[d], strides[d], row_major[d], starts


def _span(start, count, step):
    """The slice of count positions from start, step apart (step may be negative)."""
    end = start + (count - 1) * step + (1 if step > 0 else -1)
    return slice(start, end if end >= 0 else None, step)


def _non_overlapping(shape, strides):
    """True when no two elements of the view share a storage position."""
    extent = 1
    for stride, size in sorted((abs(st), size) for size, st in zip(shape, strides) if size != 1):
        if stride < extent:
            return False
        extent = stride * size
    return True


def take(buf, offset, shape, strides):
    """A contiguous copy of the strided view (offset, shape, strides) of buf."""
    n = 1
    for s in shape:
        n *= s
    if _is_contiguous(shape, strides):
        return buf[offset:offset + n]
    if n == 0:
        return array(buf.typecode)
    if kernels.wasm is not None:
        out = kernels.take(buf, offset, shape, strides, n)
        if out is not None:
            return out
    size, step, out_step, starts = _runs(tuple(shape), tuple(strides))
    out = array(buf.typecode, bytes(n * buf.itemsize))
    if step == 0:  # every stride is 0: one value repeated
        out[:] = array(buf.typecode, (buf[offset],)) * n
        return out
    for s, o in starts:
        out[_span(o, size, out_step)] = buf[_span(offset + s, size, step)]
    return out


def put(buf, offset, shape, strides, src):
    """Write the contiguous buffer src into the strided view (offset, shape, strides) of buf."""
    n = len(src)
    if src.typecode != buf.typecode:
        src = array(buf.typecode, src)
    if _is_contiguous(shape, strides):
        buf[offset:offset + n] = src
        return
    if n and _non_overlapping(shape, strides):
        if kernels.wasm is not None and kernels.put(buf, offset, shape, strides, src):
            return
        size, step, out_step, starts = _runs(tuple(shape), tuple(strides))
        for s, o in starts:
            buf[_span(offset + s, size, step)] = src[_span(o, size, out_step)]
        return
    for i, v in zip(_indices(offset, shape, strides), src):  # overlapping: the last write wins
        buf[i] = v


def grid_positions(outer, offsets, inner):
    if inner == list(range(len(inner))):  # trailing whole rows (x[idx], C[Xb]): each offset's run
        runs = [range(i, i + len(inner)) for i in offsets]
        return [b + p for b in outer for run in runs for p in run] if outer != [0] else list(chain.from_iterable(runs))
    return [b + i + a for b in outer for i in offsets for a in inner]


def distinct(positions):
    return len(set(positions)) == len(positions)


def gather(buf, positions):
    """The elements at the given flat positions, as a new buffer."""
    return array(buf.typecode, map(buf.__getitem__, positions))


def scatter(buf, positions, src):
    """buf[positions[i]] = src[i] (the last write wins on repeated positions)."""
    if src.typecode != buf.typecode:
        src = array(buf.typecode, src)
    for i, v in zip(positions, src):
        buf[i] = v


def scatter_add(buf, positions, src, dtype):
    """A new buffer: buf with src's elements added at flat positions one at a time, in order,
    each sum rounded to dtype (index_put with accumulate, and its backward)."""
    out, one = to_list(buf, dtype), from_list([0.0], dtype)
    boolean = dtype.kind == "b"
    for p, v in zip(positions, to_list(src, dtype)):
        one[0] = out[p] + v
        out[p] = one[0] != 0 if boolean else one[0]  # (get's rule, inline: this loop is index_put's backward)
    return from_list(out, dtype)


def mm_in_order(a, b, m, k, n, dtype, bias=None, b_transposed=False):
    """(m x k) @ (k x n) [+ bias], each output's products added one by one in k's order in dtype's
    own arithmetic (every dtype but float32, whose rules are _aten.linalg's)."""
    if kernels.wasm is not None and dtype.name == "float64":
        out = kernels.mm_f64(a, b, m, k, n, bias, b_transposed)
        if out is not None:
            return out
    bias = None if bias is None else to_list(bias, dtype)
    return from_list(_mm_in_order_values(to_list(a, dtype), to_list(b, dtype), m, k, n, dtype, bias, b_transposed),
                     dtype)


def _mm_in_order_values(a, b, m, k, n, dtype, bias, b_transposed):
    out = []
    for i in range(m):
        row = a[i * k:(i + 1) * k]
        for j in range(n):
            col = b[j * k:(j + 1) * k] if b_transposed else b[j::n]
            acc = 0 if dtype.kind != "f" else 0.0
            for x, y in zip(row, col):
                acc += x * y
            out.append(acc + bias[j] if bias is not None else acc)
    return out


def _is_contiguous(shape, strides):
    expected = 1
    for size, stride in zip(reversed(shape), reversed(strides)):
        if size != 1 and stride != expected:
            return False
        expected *= size
    return True


def cast(buf, dtype):
    if dtype.kind == "b":
        return array("B", [1 if v else 0 for v in buf])
    if dtype.kind == "f":
        if kernels.wasm is not None and dtype.name == "float32" and buf.typecode == "d":
            out = kernels.float32_of(buf)
            if out is not None:
                return out
        return _new(dtype, buf)
    if buf.typecode in "fd":  # float -> int truncates toward zero, like a C cast
        return array(dtype.typecode, [_to_int(v) for v in buf])
    return array(dtype.typecode, [_wrap_int(v, dtype) for v in buf])


def _to_int(v):
    return int(v) if math.isfinite(v) else -2 ** 63


def _wrap_int(v, dtype):
    """Two's-complement wrap of an integer into dtype's range (a C cast)."""
    bits = dtype.itemsize * 8
    v &= (1 << bits) - 1
    if dtype.is_signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def get(buf, i, dtype):
    """Element i as a Python scalar."""
    v = buf[i]
    return v != 0 if dtype.kind == "b" else v


# ---- elementwise kernels -------------------------------------------------------------
# Scalar functions on Python numbers. A result stored into an array('f') is rounded to
# float32 once; ops made of several IEEE steps (rsqrt, x**3) chain kernels in _ops.


def _exp(v):
    try:
        return math.exp(v)
    except OverflowError:
        return math.inf


def _expm1(v):
    try:
        return math.expm1(v)
    except OverflowError:
        return math.inf


def _guard(fn, low=None):
    """fn with IEEE results instead of Python's errors: nan outside the domain,
    -inf at a pole ``low`` (log(0) = -inf)."""
    def safe(v):
        try:
            return fn(v)
        except ValueError:
            return -math.inf if v == low else math.nan
        except OverflowError:
            return math.copysign(math.inf, v)
    return safe


def _atanh(v):
    return math.copysign(math.inf, v) if v in (1.0, -1.0) else _guard(math.atanh)(v)


def _sqrt(v):
    return math.sqrt(v) if v >= 0 else (v if v != v else math.nan)


def _sign(v):
    return (v > 0) - (v < 0)  # PyTorch's: 0 for nan


def _round_half_even(v):
    if not math.isfinite(v):
        return v
    return math.copysign(float(round(v)), v)


def _float_fn(fn):
    """Integer-valued float functions (floor, ceil, trunc) keep inf, nan and the sign of zero."""
    return lambda v: math.copysign(float(fn(v)), v) if math.isfinite(v) else v


def _frac(v):  # x - trunc(x) with trunc's sign kept: frac(-0.0) is +0.0
    return v - math.copysign(math.trunc(v), v) if math.isfinite(v) else math.nan


def _sigmoid(v):
    if v >= 0:
        return 1.0 / (1.0 + math.exp(-v))
    e = _exp(v)
    return e / (1.0 + e)


UNARY = {
    "neg": operator.neg,
    "abs": abs,
    "exp": _exp,
    "exp2": _guard(lambda v: 2.0 ** v),
    "expm1": _expm1,
    "log": _guard(math.log, 0),
    "log2": _guard(math.log2, 0),
    "log10": _guard(math.log10, 0),
    "log1p": _guard(math.log1p, -1),
    "sqrt": _sqrt,
    "sin": _guard(math.sin),
    "cos": _guard(math.cos),
    "tan": _guard(math.tan),
    "asin": _guard(math.asin),
    "acos": _guard(math.acos),
    "atan": math.atan,
    "sinh": _guard(math.sinh),
    "cosh": lambda v: _guard(math.cosh)(abs(v)) if v == v else v,  # (an overflow is +inf either side)
    "tanh": math.tanh,
    "asinh": _asinh,
    "acosh": _guard(_acosh),
    "atanh": _atanh,
    "sigmoid": _sigmoid,
    "erf": math.erf,
    "erfc": math.erfc,
    "sign": _sign,
    "floor": _float_fn(math.floor),
    "ceil": _float_fn(math.ceil),
    "trunc": _float_fn(math.trunc),
    "round": _round_half_even,
    "frac": _frac,
    "relu": lambda v: 0.0 if v < 0 else v,  # relu(-0.) is -0., relu(nan) is nan
    "logical_not": operator.not_,
    "bitwise_not": operator.invert,
    "isnan": lambda v: v != v,
    "isinf": lambda v: v in (math.inf, -math.inf),
    "isfinite": lambda v: math.isfinite(v),
    "square": lambda v: v * v,
}
# Integer inputs keep integers for these.
_INT_UNARY = {
    "relu": lambda v: 0 if v < 0 else v,
    "sign": _sign,
    "floor": int, "ceil": int, "trunc": int, "round": int,
    "isnan": lambda v: False, "isinf": lambda v: False, "isfinite": lambda v: True,
    "bitwise_not": lambda v: (not v) if isinstance(v, bool) else ~v,
}


def _div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def _floor_divide(a, b):
    try:
        return a // b
    except ZeroDivisionError:
        if isinstance(a, int) and isinstance(b, int):
            raise RuntimeError("ZeroDivisionError") from None
        return _div(a, b)


def _remainder(a, b):
    if isinstance(a, int) and isinstance(b, int):
        if b == 0:
            raise RuntimeError("ZeroDivisionError")
        return a % b
    mod = _fmod(a, b)  # PyTorch's float remainder: fmod, moved into b's sign (keeps a zero's sign)
    return mod + b if mod != 0 and (b < 0) != (mod < 0) else mod


def _trunc_divide(a, b):
    if b == 0:
        raise RuntimeError("ZeroDivisionError")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _fmod(a, b):
    if isinstance(a, int) and isinstance(b, int):
        if b == 0:
            raise RuntimeError("ZeroDivisionError")
        return int(math.fmod(a, b))
    try:
        return math.fmod(a, b)
    except ValueError:
        return math.nan


def _pow(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a ** b
    try:
        return math.pow(a, b)
    except OverflowError:  # C's pow gives a signed infinity
        return -math.inf if a < 0 and _is_odd(b) else math.inf
    except ValueError:  # zero to a negative power: an infinity; a negative base to a fraction: nan
        if a == 0 and b < 0:
            return math.copysign(math.inf, a) if _is_odd(b) else math.inf
        return math.nan


def _is_odd(v):
    return math.isfinite(v) and v == int(v) and int(v) % 2 == 1


def _max(a, b):
    return a if a != a or a > b else b if b == b else b


def _min(a, b):
    return a if a != a or a < b else b


BINARY = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "div": _div,
    "floor_divide": _floor_divide,
    "remainder": _remainder,
    "fmod": _fmod,
    "trunc_divide": _trunc_divide,
    "pow": _pow,
    "atan2": math.atan2,
    "hypot": math.hypot,
    "copysign": math.copysign,
    "logaddexp": lambda a, b: a if math.isinf(a) and a == b else max(a, b) + math.log1p(_exp(-abs(a - b))),
    "maximum": _max,
    "minimum": _min,
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
    "logical_and": lambda a, b: bool(a) and bool(b),
    "logical_or": lambda a, b: bool(a) or bool(b),
    "logical_xor": lambda a, b: bool(a) != bool(b),
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
    "lshift": lambda a, b: a << b if 0 <= b < 64 else 0,  # PyTorch: a count outside the word shifts all out
    "rshift": lambda a, b: a >> b if 0 <= b < 64 else -(a < 0),
}


_KERNEL_FLOATS = ("float32", "float64")  # the dtypes kernels.unary and kernels.binary take


def unary(name, buf, dtype):
    """Apply UNARY[name] to every element; the result has ``dtype`` (bool for predicates)."""
    if kernels.wasm is not None and dtype.name in _KERNEL_FLOATS and buf.typecode == dtype.typecode:
        out = kernels.unary(name, buf)
        if out is not None:
            return out
    fn = UNARY[name]
    if buf.typecode not in "fd":
        fn = _INT_UNARY.get(name, fn)
    if dtype.kind in "iu":
        return _wrapped_ints(dtype, map(fn, buf))
    return _new(dtype, map(fn, buf))


def binary(name, a, b, dtype, out_dtype=None):
    """Apply BINARY[name] elementwise to operands of ``dtype``; a or b may be a Python
    scalar (broadcast). The result has ``out_dtype`` (bool for comparisons), default dtype."""
    out = out_dtype or dtype
    if kernels.wasm is not None and dtype.name in _KERNEL_FLOATS and (out is dtype or out.kind == "b"):
        buf = kernels.binary(name, a, b, out is not dtype, dtype.typecode)
        if buf is not None:
            return buf
    fn = BINARY[name]
    if dtype.kind in "iu":  # a number operand is cast to the dtype first (-3 is 253 in uint8)
        a, b = (_wrap_int(v, dtype) if v.__class__ is int else v for v in (a, b))
    if not isinstance(a, array):
        values = map(fn, repeat(a, len(b)), b)
    elif not isinstance(b, array):
        values = map(fn, a, repeat(b, len(a)))
    else:
        values = map(fn, a, b)
    if out.kind in "iu":
        return _wrapped_ints(out, values)
    return _new(out, values)


def _wrapped_ints(dtype, values):
    """An integer buffer of values that may lie beyond dtype's range: they wrap around, as in C."""
    values = list(values)
    try:
        return array(dtype.typecode, values)
    except OverflowError:
        return array(dtype.typecode, [_wrap_int(v, dtype) for v in values])


def fma(a, b, c, dtype):
    """a * b + c elementwise with a single rounding; a or c may be Python scalars."""
    if kernels.wasm is not None and dtype.name in _KERNEL_FLOATS:
        out = kernels.fma(a, b, c) if dtype.name == "float32" else kernels.fma_f64(a, b, c, fma64)
        if out is not None:
            return out
    n = len(b)
    a = a if isinstance(a, array) else repeat(a, n)
    c = c if isinstance(c, array) else repeat(c, n)
    if dtype.kind != "f":
        return array(dtype.typecode, [x * y + z for x, y, z in zip(a, b, c)])
    if dtype.name == "float32":  # in bulk: float64 sums, exact fma only at halfway points
        return fma32_seq(a if isinstance(a, array) else list(a), b, c if isinstance(c, array) else list(c))
    return _new(dtype, map(fma32 if dtype.itemsize != 8 else fma64, a, b, c))


def where(cond, a, b, dtype):
    """cond ? a : b elementwise; a and b may be Python scalars."""
    if kernels.wasm is not None and dtype.name == "float32":
        out = kernels.where(cond, a, b)
        if out is not None:
            return out
    n = len(cond)
    a = a if isinstance(a, array) else repeat(a, n)
    b = b if isinstance(b, array) else repeat(b, n)
    return _new(dtype, [x if c else y for c, x, y in zip(cond, a, b)])


def _one_element_maker(fallback):
    """The 0-d fast path's buffer maker: a float32/float64 value goes into a one-element
    array.array (copying a template beats array()), other dtypes through ``fallback``."""
    templates = {"float32": array("f", (0.0,)), "float64": array("d", (0.0,))}

    def one(value, dtype):
        """A one-element buffer holding ``value``."""
        template = templates.get(dtype.name)
        if template is None:
            return fallback((value,), dtype)
        buf = template.__copy__()
        buf[0] = value  # a float32 slot rounds once; beyond its range it holds inf
        return buf

    one.templates = templates  # dtype name -> the buffer to copy (Tensor._make_scalar copies it itself)
    return one


one = _one_element_maker(from_list)


# Python-number kernels of the 0-d fast path (both backends use these)
SCALAR_UNARY, SCALAR_INT_UNARY, SCALAR_BINARY = UNARY, _INT_UNARY, BINARY

# Element i of a buffer that is not bool, as a Python number: one C call, no Python frame
# (the 0-d fast path reads two of these per op).
number = operator.getitem
