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

if getattr(np, "BROWSER", False):
    raise ImportError("the browser's numpy (browser_numpy/) is a subset for learners' programs, not an array backend")
from numpy.lib.stride_tricks import as_strided  # noqa: E402

from .._aten import _libm32 as L
from .._aten._common import LANES, SUM_LANES, cascade, column_rules, conv_geometry, f_blocks, finish_var, \
    pool_out_size, rowsum, vector_runs
from .._float32 import f32 as _f32, fma32 as _fma32, fma64 as _fma64
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
    """A kernel's result (an ndarray, or a list) as a buffer of ``dtype``: an ndarray of another
    type (a float64 result for a float32 tensor) is rounded to it once."""
    if values.__class__ is np.ndarray:
        return values if values.dtype == _NP[dtype.name] else cast(values, dtype)
    return from_list(values, dtype)


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
    _view(buf, offset, shape, strides)[...] = _as_ndarray(src).reshape(shape)  # (a 0-d result's buffer is an array.array)


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


# ==== _aten's kernels on whole arrays ==============================================================
# ATEN[name] replaces the pure-Python loops of the _aten kernel ``name`` (an @backend_kernel) with
# the same computation on whole arrays: the same float32 bits, each checked against the loops by
# tests/test_aten_parity.py. The drivers both share (sum cascade, k-blocks, vector runs) and the
# libm emulations' constants and element functions come from _aten._common and _aten._libm32.

_LOW29 = np.int64(0x1FFFFFFF)
_HALF29 = np.int64(0x10000000)


def _as_f32(values):
    """values (an ndarray, an array.array or a list: the 0-d fast path's one-element buffers and
    nn.functional's lists reach the kernels too) as a flat float32 array, without a copy when it is one."""
    return np.ascontiguousarray(values, dtype=np.float32).reshape(-1)


def _fma32_np(a, b, c):
    """Exact float32 fma of float32 arrays (broadcasting): one float64 rounding, and the halfway
    points (where rounding that to float32 would round twice) redone with the scalar fma."""
    s = np.add(np.multiply(a, b, dtype=np.float64), c, dtype=np.float64)
    result = s.astype(np.float32)
    halfway = (s.view(np.int64) & _LOW29) == _HALF29
    if halfway.any():
        _redo_halfway(result, halfway, a, b, c)
    return result


def _redo_halfway(result, halfway, a, b, c):
    shape = result.shape
    a, b, c = (np.broadcast_to(np.asarray(v, dtype=np.float32), shape) for v in (a, b, c))
    for idx in zip(*np.nonzero(halfway)):
        result[idx] = _fma32(float(a[idx]), float(b[idx]), float(c[idx]))


# ---- special: libm emulations, sigmoid, backward formulas, correctly rounded stand-ins ----------

def _expf_sleef_np(d):
    with np.errstate(all="ignore"):
        q = np.rint(d * np.float32(L.LOG2E_F)).astype(np.float32)
        s = _fma32_np(q, np.float32(-L.LN2_HI_F), d)
        s = _fma32_np(q, np.float32(-L.LN2_LO_F), s)
        u = np.full(d.shape, L.EXP_POLY[0], dtype=np.float32)
        for coef in L.EXP_POLY[1:]:
            u = _fma32_np(u, s, np.float32(coef))
        u = np.float32(1) + _fma32_np(s * s, u, s)
        qi = np.clip(q, -300, 300).astype(np.int64)  # out-of-range q only occurs where d is clamped below
        half = qi >> 1
        u = (u * np.ldexp(np.float32(1), half).astype(np.float32)) * np.ldexp(np.float32(1), qi - half).astype(np.float32)
        u = u.astype(np.float32)
        u[d < -104] = 0
        u[d > 100] = np.inf
        nan = np.isnan(d)
        u[nan] = d[nan]
    return u


def _two_sum_np(a, b):
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


def _logf_sleef_np(d):
    f = np.float32
    with np.errstate(all="ignore"):
        e = (np.frexp(d * f(L.INV_075_F))[1] - 1).astype(np.float32)
        m = np.frexp(d)[0] * f(2)
        m = np.where(m >= f(1.5), m * f(0.5), m).astype(np.float32)
        sh = f(L.LN2_HI_L) * e
        sl = _fma32_np(f(L.LN2_LO_L), e, _fma32_np(f(L.LN2_HI_L), e, -sh))
        nh, nl = _two_sum_np(f(-1), m)
        dh, dl = _two_sum_np(f(1), m)
        t = f(1) / dh
        xh = nh * t
        xl = _fma32_np(xh, _fma32_np(-dl, t, _fma32_np(-dh, t, f(1))), _fma32_np(nl, t, _fma32_np(t, nh, -xh)))
        x2 = xh * xh
        p = _fma32_np(_fma32_np(f(L.LOG_P[0]), x2, f(L.LOG_P[1])), x2, f(L.LOG_P[2]))
        ah, al = xh * f(2), xl * f(2)
        s1 = sh + ah
        s1l = (((sh - s1) + ah) + sl) + al
        w = (x2 * xh) * p
        s2 = s1 + w
        s2l = ((s1 - s2) + w) + s1l
        out = (s2 + s2l).astype(np.float32)
    out[(d < 0) | np.isnan(d)] = np.nan
    out[d == 0] = -np.inf
    out[d == np.inf] = np.inf
    return out


def _expf_glibc_np(x):
    x64 = x.astype(np.float64)
    with np.errstate(all="ignore"):
        z = L.INV_LN2_N * np.clip(x64, L.UNDERFLOW, L.OVERFLOW)
        kd = (z + L.SHIFT) - L.SHIFT
        k = kd.astype(np.int64)
        r = z - kd
        s = np.ldexp(np.array(L.EXP2_TABLE)[k & 31], k >> 5)
        y = L.GC2 * r + 1.0
        y = (L.GC0 * r + L.GC1) * (r * r) + y
        out = (y * s).astype(np.float32)
    out[x > L.OVERFLOW] = np.inf
    out[x < L.UNDERFLOW] = 0
    nan = np.isnan(x)
    out[nan] = x[nan]
    return out


def _logf_glibc_np(x):
    ix = x.view(np.uint32).astype(np.int64)
    special = (ix - 0x00800000) & 0xFFFFFFFF >= 0x7f800000 - 0x00800000
    tmp = (ix - 0x3f330000) & 0xFFFFFFFF
    table = np.array(L.LOGF_TABLE)[(tmp >> 19) & 15]
    k = np.where(tmp & 0x80000000, tmp - (1 << 32), tmp) >> 23
    z = ((ix - (tmp & 0xFF800000)) & 0xFFFFFFFF).astype(np.uint32).view(np.float32).astype(np.float64)
    r = z * table[:, 0] - 1.0
    y0 = table[:, 1] + k * L.LOGF_LN2
    r2 = r * r
    y = L.LOGF_POLY[1] * r + L.LOGF_POLY[2]
    y = L.LOGF_POLY[0] * r2 + y
    out = (y * r2 + (y0 + r)).astype(np.float32)
    out[ix == 0x3f800000] = 0
    for i in np.nonzero(special)[0]:
        out[i] = L.logf_glibc1(float(x[i]))
    return out


def _log1pf_glibc_np(x):
    """The common path of L.log1pf_glibc1 on arrays (float32 numpy arithmetic rounds each step);
    the rare branches go element by element."""
    f32_ = np.float32
    hx = x.view(np.int32).astype(np.int64)
    with np.errstate(all="ignore"):
        plain = (hx < 0x3ed413d7) & ((hx > 0) | (hx <= -0x416a09e1))  # k = 0: f = x
        u = f32_(1) + x
        k = (u.view(np.int32) >> 23).astype(np.int64) - 127
        c = np.where(k > 0, f32_(1) - (u - x), x - (u - f32_(1))) / u
        hu = u.view(np.int32).astype(np.int64) & 0x007FFFFF
        upper = hu >= 0x3504f7
        k = np.where(plain, 0, k + upper)
        u = (hu | np.where(upper, 0x3f000000, 0x3f800000)).astype(np.int32).view(np.float32)
        hu = np.where(upper, (0x00800000 - hu) >> 2, hu)
        f = np.where(plain, x, u - f32_(1))
        hfsq = (f32_(0.5) * f) * f
        k_ln2_hi, k_ln2_lo = k.astype(np.float32) * L.LN2_HI_FDLIBM, k.astype(np.float32) * L.LN2_LO_FDLIBM
        s = f / (f32_(2) + f)
        z = s * s
        r = np.full_like(z, L.LOG1P_POLY[6])
        for coef in reversed(L.LOG1P_POLY[:6]):
            r = f32_(coef) + z * r
        r = z * r
        out = np.where(plain, f - (hfsq - s * (hfsq + r)),
                       k_ln2_hi - ((hfsq - (s * (hfsq + r) + (k_ln2_lo + c))) - f)).astype(np.float32)
    ax = hx & 0x7FFFFFFF
    rare = ((hx < 0x3ed413d7) & ((ax >= 0x3f800000) | (ax < 0x31000000))) | (hx >= 0x5a000000) | \
        (~plain & (hu == 0))
    for i in np.nonzero(rare)[0]:
        out[i] = L.log1pf_glibc1(float(x[i]))
    return out


def _cr_np(fn, np_fn, x):
    """numpy's float64 functions may differ from Python's math by an ulp; that matters only
    near a float32 halfway point, so those elements are redone with math."""
    if np_fn is None:
        return np.array([L.c_semantics(fn, v) for v in x.tolist()], dtype=np.float64).astype(np.float32)
    with np.errstate(all="ignore"):
        y = np_fn(x.astype(np.float64))
        out = y.astype(np.float32)
    near = np.abs((y.view(np.int64) & 0x1FFFFFFF) - 0x10000000) <= 16
    for i in np.nonzero(near & np.isfinite(y))[0]:
        out[i] = _f32(L.c_semantics(fn, float(x[i])))
    return out


def _expf_sleef(values):
    return _expf_sleef_np(_as_f32(values))


def _logf_sleef(values):
    return _logf_sleef_np(_as_f32(values))


def _expf_glibc(values):
    return _expf_glibc_np(_as_f32(values))


def _logf_glibc(values):
    return _logf_glibc_np(_as_f32(values))


def _log1pf_glibc(values):
    return _log1pf_glibc_np(_as_f32(values))


def _sigmoid_kernel(values, row=None):
    x = _as_f32(values)
    out = np.empty(len(x), np.float32)
    for start, stop, vstop in vector_runs(len(x), row):
        for lo, hi, exp in ((start, vstop, _expf_sleef_np), (vstop, stop, _expf_glibc_np)):
            if lo < hi:
                out[lo:hi] = np.float32(1) / (np.float32(1) + exp(-x[lo:hi]))
    return out


def _sigmoid_backward(grad, output):
    g, s = _as_f32(grad), _as_f32(output)
    return (g * (np.float32(1) - s)) * s


def _tanh_backward(grad, output):
    g, y = _as_f32(grad), _as_f32(output)
    return g * _fma32_np(-y, y, np.float32(1))


def _relu_backward(grad, x):
    g, v = _as_f32(grad), _as_f32(x)
    return np.where(v > 0, g, np.float32(0))


_CR = {"exp": np.exp, "log": np.log, "log2": np.log2, "log10": np.log10, "log1p": np.log1p, "expm1": np.expm1,
       "exp2": np.exp2, "sqrt": np.sqrt, "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin,
       "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh}


def _correctly_rounded(name, fn, values):
    return _cr_np(fn, _CR.get(name), _as_f32(values))


# ---- reduce: the sum cascade on arrays, var, norm, scans -----------------------------------------

class _NumpyOps:
    @staticmethod
    def block_sums(items, nblocks, size):
        acc = np.zeros((nblocks,) + items.shape[1:], np.float32)
        for s in range(size):
            acc = acc + items[s:nblocks * size:size]
        return acc

    @staticmethod
    def seq(items):
        acc = np.zeros(items.shape[1:], np.float32)
        for v in items:
            acc = acc + v
        return acc

    @staticmethod
    def add(a, b):
        return a + b


def _inner_sum_np(rows):
    """_inner_sum of every row of a 2-D float32 array at once."""
    nrows, n = rows.shape
    nvec = n // SUM_LANES
    end = nvec * SUM_LANES
    vectors = rows[:, :end].reshape(nrows, nvec, SUM_LANES).transpose(1, 0, 2)
    lanes = rowsum(vectors, nvec, _NumpyOps)
    acc = np.zeros(nrows, np.float32)
    for i in range(end, n):
        acc = acc + rows[:, i]
    for lane in range(SUM_LANES):
        acc = acc + lanes[:, lane]
    return acc


def _sum_batch_np(x, out_offs, strides2d):
    """One kernel call per leading index of x (shape (calls, n1, n0)): results and output indices."""
    s0, s1, o0, o1 = strides2d
    if o0 != 0 and o1 == 0:
        x = x.transpose(0, 2, 1)
        s0, s1, o0, o1 = s1, s0, o1, o0
    ncalls, n1, n0 = x.shape
    if o0 != 0:
        idx = out_offs[:, None, None] + np.arange(n1)[None, :, None] * o1 + np.arange(n0)[None, None, :] * o0
        return x, idx
    result = np.empty((ncalls, n1), np.float32)
    for rule, lo, hi in column_rules(n0, n1, s0, s1):
        if lo == hi:
            continue
        block = x[:, lo:hi, :]
        if rule == "inner":
            result[:, lo:hi] = _inner_sum_np(block.reshape(-1, n0)).reshape(ncalls, hi - lo)
        else:
            reduce_columns = cascade if rule == "cascade" else rowsum
            result[:, lo:hi] = reduce_columns(block.transpose(2, 0, 1), n0, _NumpyOps)
    return result, out_offs[:, None] + np.arange(n1)[None, :] * o1


def _serial_batch_np(values, offset, plan):
    """All kernel calls of a serial run as one (calls, n1, n0) array, and their output offsets."""
    sizes, ins, outs = plan.sizes, plan.in_strides, plan.out_strides
    n0 = sizes[0]
    n1 = sizes[1] if len(sizes) > 1 else 1
    s1 = ins[1] if len(sizes) > 1 else 0
    outer = sizes[2:][::-1]
    item = values.itemsize
    view = np.lib.stride_tricks.as_strided(
        values[offset:], shape=tuple(outer) + (n1, n0),
        strides=tuple(s * item for s in ins[2:][::-1]) + (s1 * item, ins[0] * item), writeable=False)
    out_offs = np.zeros(1, np.int64)
    for size, stride in zip(outer, outs[2:][::-1]):
        out_offs = (out_offs[:, None] + np.arange(size)[None, :] * stride).reshape(-1)
    return view.reshape(-1, n1, n0), out_offs


def _gather_call_np(values, base, call, strides2d):
    in_off, out_off, n0, n1 = call
    s0, s1 = strides2d[0], strides2d[1]
    idx = base + in_off + np.arange(n1)[:, None] * s1 + np.arange(n0)[None, :] * s0
    return values[idx][None], np.array([out_off], np.int64)


def _norm_lastdim_np(rows):
    nrows, n = rows.shape
    end = n // SUM_LANES * SUM_LANES
    acc = np.zeros((nrows, SUM_LANES), np.float32)
    for b in range(0, end, SUM_LANES):
        block = rows[:, b:b + SUM_LANES]
        acc = acc + block * block
    s = acc[:, 0].copy()
    for lane in range(1, SUM_LANES):
        s = s + acc[:, lane]
    i = end
    while n - i >= 4:
        for k in range(i, i + 4):
            s = s + rows[:, k] * rows[:, k]
        i += 4
    for k in range(i, n):
        s = _fma32_np(rows[:, k], rows[:, k], s)
    return np.sqrt(s)


def _sum_range(values, offset, plan, out, begin, end, serial):
    values = _as_f32(values)  # a 0-d tensor's one-element array.array too
    strides2d = plan.strides2d()
    if serial:
        batches = [_serial_batch_np(values, offset, plan)]
    else:
        batches = [_gather_call_np(values, offset, c, strides2d) for c in plan.calls(begin, end)]
    for x, out_offs in batches:
        r, idx = _sum_batch_np(x, out_offs, strides2d)
        np.add.at(out, idx.reshape(-1), r.reshape(-1))  # in call order, rounding each add


def _divide_all(total, count):
    return total / np.float32(count)


def _var_welford(values, offset, rows, inner, out_numel, correction, take_sqrt):
    values = _as_f32(values)
    out_idx = np.array([o for o, _ in rows], np.int64)
    x = values[offset + np.array([p for _, p in rows])[:, None] + np.array(inner)[None, :]].astype(np.float64)
    mean_, m2 = np.zeros(len(rows)), np.zeros(len(rows))
    for count in range(1, x.shape[1] + 1):
        d = x[:, count - 1] - mean_
        mean_ = mean_ + d / count
        m2 = m2 + d * (x[:, count - 1] - mean_)
    result = np.array([finish_var(v, len(inner) - correction, take_sqrt) for v in m2.tolist()], np.float32)
    final = np.empty(out_numel, np.float32)
    final[out_idx] = result
    return final


def _norm_lastdim(values, offset, rows, n, out):
    values = _as_f32(values)
    starts = offset + np.array([p for _, p in rows], np.int64)
    out[np.array([o for o, _ in rows], np.int64)] = _norm_lastdim_np(values[starts[:, None] + np.arange(n)[None, :]])


def _scan(values, shape, dim, multiply):
    x = np.asarray(values, np.float64).reshape(shape)
    return (np.multiply if multiply else np.add).accumulate(x, axis=dim).astype(np.float32).reshape(-1)


# ---- linalg: the matrix product's rules on arrays ------------------------------------------------
# x is (m, k); w is (n, k) (rows of the second operand's transpose, possibly a view).

def _mm_rule(a, b, m, k, n, bias, b_transposed, rule):
    x = _as_f32(a).reshape(m, k)
    w = _as_f32(b).reshape(n, k) if b_transposed else _as_f32(b).reshape(k, n).T
    bias_np = None if bias is None else _as_f32(bias)
    return _mm_np(x, w, bias_np, rule).reshape(-1)


def _joined(parts):
    return np.concatenate(parts) if parts else np.zeros(0, np.float32)


def _mm_np(x, w, bias, rule):
    m, k = x.shape
    n = w.shape[0]
    if rule == "F":
        return _rule_f_np(x, w, bias)
    if rule == "N":
        c = _rule_n_np(x, w)
    else:
        split = n // 4 * 4 if rule == "D" else n
        c = np.concatenate([_rule_d_np(x, w[:split], 4), _rule_d_np(x, w[split:], 8)], axis=1)
    if bias is not None:
        c = c + bias[None, :]
    return c


def _rule_n_np(x, w):
    """Rule N: float32 products added one by one from 0. np.add.accumulate adds strictly in
    order, rounding every step, so a whole run of k costs one call (chunked to bound memory)."""
    m, k = x.shape
    n = w.shape[0]
    c = np.zeros((1, m, n), np.float32)
    chunk = max(1, (1 << 20) // max(1, m * n))
    for lo in range(0, k, chunk):
        products = x.T[lo:lo + chunk, :, None] * w.T[lo:lo + chunk, None, :]
        c = np.add.accumulate(np.concatenate([c, products]), axis=0)[-1:]
    return c[0].copy()  # not a view of the whole accumulation


def _rule_f_np(x, w, bias):
    if _blas_is_rule_f():
        return _rule_f_blas(x, w, bias)
    return _rule_f_exact(x, w, bias)


# numpy's float32 matmul calls OpenBLAS sgemm. Its main kernel keeps one fused running sum per
# output over k, in order, from 0: a block of rule F exactly, at BLAS speed. Its edge kernel
# (the last n mod 16 columns on Haswell/Zen) sums in another order, so columns are padded with
# zeros to a whole number of panels. Whether this holds depends on the BLAS numpy was built
# with and the kernel it picks for this CPU, so it is checked once against the exact emulation.
_BLAS_PANEL = 16


def _rule_f_blas(x, w, bias):
    m, k = x.shape
    n = w.shape[0]
    padded = np.zeros((k, n + -n % _BLAS_PANEL), np.float32)
    padded[:, :n] = w.T
    c = None if bias is None else np.broadcast_to(bias, (m, n)).astype(np.float32)
    for lo, hi in f_blocks(k):
        t = np.matmul(np.ascontiguousarray(x[:, lo:hi]), padded[lo:hi])[:, :n]
        c = t if c is None else c + t
    return c


_blas_verdict = []


def _blas_is_rule_f():
    """Does _rule_f_blas give _rule_f_exact's bits here? Checked once per process (~10 ms) on
    shapes that reach the edge cases: one k-block and two, leftover rows, padded columns."""
    if not _blas_verdict:
        rng = np.random.default_rng(0)
        ok = True
        for m, k, n in ((4, 1, 12), (13, 192, 45), (9, 300, 16), (6, 70, 33)):
            x = (rng.standard_normal((m, k)) * rng.choice([1e-3, 1.0, 1e3], (m, 1))).astype(np.float32)
            w = rng.standard_normal((n, k)).astype(np.float32)
            bias = rng.standard_normal(n).astype(np.float32) if k == 70 else None
            ok = ok and np.array_equal(_rule_f_blas(x, w, bias).view(np.int32),
                                       _rule_f_exact(x, w, bias).view(np.int32))
        _blas_verdict.append(ok)
    return _blas_verdict[0]


def _rule_f_exact(x, w, bias):
    """Rule F by definition: one exact float32 fma per k-step, vectorised over the outputs."""
    m, k = x.shape
    n = w.shape[0]
    x64 = x.astype(np.float64)
    w64 = np.ascontiguousarray(w.T).astype(np.float64)  # (k, n)
    c = None if bias is None else np.broadcast_to(bias[None, :], (m, n)).astype(np.float32)
    s = np.empty((m, n), np.float64)
    low = np.empty((m, n), np.int64)
    halfway = np.empty((m, n), bool)
    for lo, hi in f_blocks(k):
        t = np.zeros((m, n), np.float32)
        for kk in range(lo, hi):
            np.multiply.outer(x64[:, kk], w64[kk], out=s)
            np.add(s, t, out=s)  # exact product + t, one float64 rounding
            np.bitwise_and(s.view(np.int64), 0x1FFFFFFF, out=low)
            np.equal(low, 0x10000000, out=halfway)
            new_t = s.astype(np.float32)
            if halfway.any():  # a float32 halfway point: redo those with the exact fma
                rows, cols = np.nonzero(halfway)
                new_t[rows, cols] = _fma32_np(x[rows, kk], w[cols, kk], t[rows, cols])
            t = new_t
        c = t if c is None else c + t
    return c


def _rule_d_np(x, w, width):
    m, k = x.shape
    n = w.shape[0]
    lanes = np.zeros((width, m, n), np.float32)
    steps = k // width
    for s in range(steps):
        block = slice(s * width, (s + 1) * width)
        lanes = lanes + x[:, block].T[:, :, None] * w[:, block].T[:, None, :]
    if width == 8:
        lanes = lanes[:4] + lanes[4:]
    r = (lanes[0] + lanes[2]) + (lanes[1] + lanes[3])
    for kk in range(steps * width, k):
        r = r + np.multiply.outer(x[:, kk], w[:, kk])
    return r


# ---- loss: the softmax family -------------------------------------------------------------------

def _lanesum_np(e):
    """_lanesum of every row of a 2-D float32 array."""
    n = e.shape[1]
    if n < LANES:
        acc = e[:, 0].copy()
        for i in range(1, n):
            acc = acc + e[:, i]
        return acc
    acc = e[:, :LANES].copy()
    full = n // LANES * LANES
    for b in range(LANES, full, LANES):
        acc = acc + e[:, b:b + LANES]
    rest = n - full
    acc[:, :rest] = acc[:, :rest] + e[:, full:]
    half = LANES // 2
    while half:
        acc = acc[:, :half] + acc[:, half:2 * half]
        half //= 2
    return acc[:, 0]


def _softmax_lastdim(values, n, log):
    x = _as_f32(values).reshape(-1, n)
    d = x - x.max(axis=1, keepdims=True)
    e = _expf_sleef(d.reshape(-1)).reshape(d.shape)
    total = _lanesum_np(e)
    if log:
        return (d - _logf_sleef(total)[:, None]).reshape(-1)
    return (e * (np.float32(1) / total)[:, None]).reshape(-1)


def _softmax_otherdim(values, outer, size, inner, vector, log):
    x = _as_f32(values).reshape(outer, size, inner).transpose(0, 2, 1).reshape(-1, size)
    mask = np.array(vector, bool)
    m = x.max(axis=1, keepdims=True)
    d = x - m
    e = np.empty_like(d)
    e[mask] = _expf_sleef(d[mask].reshape(-1)).reshape(-1, size)
    e[~mask] = _expf_glibc(d[~mask].reshape(-1)).reshape(-1, size)
    total = np.zeros(len(x), np.float32)
    for i in range(size):
        total = total + e[:, i]
    if log:
        out = d - _logf_sleef(total)[:, None]
    else:
        out = e / total[:, None]
    return out.reshape(outer, inner, size).transpose(0, 2, 1).reshape(-1)


def _log_softmax_backward_lastdim(grad, output, n):
    g = _as_f32(grad).reshape(-1, n)
    e = _expf_sleef(_as_f32(output)).reshape(-1, n)
    return _fma32_np(-e, _lanesum_np(g)[:, None], g).reshape(-1)


def _squared_difference(a, b):
    d = _as_f32(a) - _as_f32(b)
    return d * d


def _bce_terms(p, y):
    pv, yv = _as_f32(p), _as_f32(y)
    log1m = np.maximum(_log1pf_glibc(-pv), np.float32(-100))
    logp = np.maximum(_logf_glibc(pv), np.float32(-100))
    return (yv - np.float32(1)) * log1m - yv * logp


# ---- the layer loops: the same float64 operations in the same order per element ---------------

def _f64(buf):
    return _as_ndarray(buf).astype(np.float64)


def _window_taps(spatial, out, kernel, stride, padding, dilation):
    """(pads, taps) of a sliding window: the padding that puts input position o*st - p + k*d of
    each dim at index o*st + k*d, and per kernel offset (row-major) the slices of the padded
    array that hold its input position for every output position."""
    pads = [(p, max(0, (o - 1) * st + (k - 1) * d + 1 - s - p))
            for s, o, k, st, p, d in zip(spatial, out, kernel, stride, padding, dilation)]
    taps = [tuple(slice(kk * d, kk * d + (o - 1) * st + 1, st) for kk, o, st, d in zip(k, out, stride, dilation))
            for k in np.ndindex(*kernel)]
    return pads, taps


def _conv_sums(mode, p, q, float32, size, input_shape, weight_shape, stride, padding, dilation, groups, bias=None):
    """_aten.conv's loops: each element's products added one by one in the loop's order (forward:
    input channel, then kernel offset; input gradient: output channel, then output position;
    weight gradient: batch, then output position), as float64."""
    n, c, oc = input_shape[0], input_shape[1], weight_shape[0]
    spatial, kernel, out = (tuple(sizes) for sizes in conv_geometry(input_shape, weight_shape, stride, padding,
                                                                     dilation))
    if not size or min(out, default=1) <= 0:
        return np.zeros(size)
    ipg, opg, nd = c // groups, oc // groups, len(spatial)
    pads, taps = _window_taps(spatial, out, kernel, stride, padding, dilation)
    valid = np.pad(np.ones(spatial, bool), pads)
    lead = (slice(None),) * 3
    a, b = _f64(p), _f64(q)
    if mode == 0:
        xp = np.pad(a.reshape((n, groups, ipg) + spatial), [(0, 0)] * 3 + pads)
        w = b.reshape(groups, opg, ipg, len(taps))
        acc = np.zeros((n, groups, opg) + out)
        for icg in range(ipg):
            for ki, tap in enumerate(taps):  # a padded position adds +0.0: acc (never -0.0) is unchanged
                acc += np.where(valid[tap], xp[(slice(None), slice(None), icg, None) + tap]
                                * w[:, :, icg, ki].reshape((1, groups, opg) + (1,) * nd), 0.0)
        acc = acc.reshape(n, oc, -1)
        if bias is not None:
            acc = acc + _f64(bias)[:, None]
        return acc.reshape(-1)
    if mode == 1:  # per input position the output positions come in the kernel offsets' reverse order
        g = a.reshape((n, groups, opg) + out)
        w = b.reshape(groups, opg, ipg, len(taps))
        accp = np.zeros((n, groups, ipg) + valid.shape)
        for j in range(opg):
            for ki in reversed(range(len(taps))):
                accp[lead + taps[ki]] += g[:, :, j, None] * w[:, j, :, ki].reshape((1, groups, ipg) + (1,) * nd)
        return accp[lead + tuple(slice(lo, lo + s) for s, (lo, _) in zip(spatial, pads))].reshape(-1)
    g = a.reshape(n, groups, opg, 1, 1, -1)
    xp = np.pad(b.reshape((n, groups, ipg) + spatial), [(0, 0)] * 3 + pads)
    mask = np.stack([valid[tap].reshape(-1) for tap in taps])
    acc = np.zeros(oc * ipg * len(taps))
    for sample in range(n):  # the terms of each weight element in (sample, output position) order
        cols = np.stack([xp[(sample, slice(None), slice(None)) + tap].reshape(groups, ipg, -1) for tap in taps],
                        2)  # (G, ipg, K, O)
        terms = np.where(mask, g[sample] * cols[:, None], 0.0).reshape(-1, mask.shape[1]).T
        acc = np.add.accumulate(np.concatenate([acc[None], terms]), 0)[-1]
    return acc


def _max_pool(flat, shape, kernel, stride, padding, dilation, ceil_mode):
    """_aten.pool's loop, all windows at once: each window's inputs in row-major order, a later
    one winning when greater or NaN (PyTorch's rule)."""
    spatial = tuple(shape[len(shape) - len(kernel):])
    out = tuple(pool_out_size(n, k, s, p, d, ceil_mode)
                for n, k, s, p, d in zip(spatial, kernel, stride, padding, dilation))
    x = _as_ndarray(flat)
    planes = x.size // int(np.prod(spatial))
    if min(out, default=1) <= 0:
        return out, x[:0].copy(), np.zeros(0, np.int64)
    pads, taps = _window_taps(spatial, out, kernel, stride, padding, dilation)
    xp = np.pad(x.reshape((planes,) + spatial), [(0, 0)] + pads)
    offsets = np.pad(np.arange(int(np.prod(spatial))).reshape(spatial), pads, constant_values=-1)
    best, index = np.zeros((planes,) + out, x.dtype), np.zeros((planes,) + out, np.int64)
    started = np.zeros(out, bool)
    for tap in taps:
        v, at = xp[(slice(None),) + tap], offsets[tap]
        take = (at >= 0) & (~started | (v > best) | (v != v))
        best, index = np.where(take, v, best), np.where(take, at, index)
        started |= at >= 0
    return out, best.reshape(-1), index.reshape(-1)


def _max_pool_backward(grad, indices, shape, out_hw, float32=False):
    """Each gradient added in order at its window's maximum (ufunc.at adds one at a time)."""
    per_plane, plane = int(np.prod(out_hw)), int(np.prod(shape[len(shape) - len(out_hw):]))
    acc = np.zeros(int(np.prod(shape)))
    positions = np.asarray(indices, np.int64) + (np.arange(len(indices)) // per_plane if per_plane else 0) * plane
    np.add.at(acc, positions, _f64(grad))
    return acc


def _embedding_rows(weight, num, dim, indices):
    i = np.asarray(indices, np.int64)
    if ((i < -num) | (i >= num)).any():
        raise IndexError("index out of range in self")
    return _as_ndarray(weight).reshape(num, dim)[i % num if num else i].reshape(-1)


def _embedding_dense_backward(grad, indices, num_weights, dim, padding_idx):
    i = np.asarray(indices, np.int64)
    keep = i != padding_idx
    acc = np.zeros((num_weights, dim))
    np.add.at(acc, i[keep], _f64(grad).reshape(-1, dim)[keep])  # the rows added one at a time, in order
    return acc.reshape(-1)


def _nll_picks(classes, targets, weight, ignore_index):
    """(rows, targets, ignored, class weights) of nll_loss's rows; an IndexError for the first
    target out of range."""
    t = np.asarray(targets, np.int64).reshape(-1)
    ignored = t == ignore_index
    bad = ~ignored & ((t < 0) | (t >= classes))
    if bad.any():
        raise IndexError(f"Target {int(t[bad.argmax()])} is out of bounds.")
    t = np.where(ignored, 0, t)
    w = np.ones(len(t)) if weight is None else _f64(weight)[t]
    return np.arange(len(t)), t, ignored, w


def _nll_values(logp, classes, targets, weight, ignore_index):
    rows, t, ignored, w = _nll_picks(classes, targets, weight, ignore_index)
    losses = -_f64(logp)[rows * classes + t] * w
    return np.where(ignored, 0.0, losses), np.where(ignored, 0.0, w)


def _nll_backward(per_row, classes, targets, weight, ignore_index):
    rows, t, ignored, w = _nll_picks(classes, targets, weight, ignore_index)
    out = np.zeros(len(rows) * classes)
    keep = ~ignored
    out[(rows * classes + t)[keep]] = (_f64(per_row) * w)[keep]
    return out


ATEN = {name: _ieee(kernel) for name, kernel in {
    "expf_sleef": _expf_sleef, "logf_sleef": _logf_sleef, "expf_glibc": _expf_glibc, "logf_glibc": _logf_glibc,
    "log1pf_glibc": _log1pf_glibc, "sigmoid": _sigmoid_kernel, "sigmoid_backward": _sigmoid_backward,
    "tanh_backward": _tanh_backward, "relu_backward": _relu_backward, "correctly_rounded": _correctly_rounded,
    "sum_range": _sum_range, "divide_all": _divide_all, "var_welford": _var_welford,
    "norm_lastdim": _norm_lastdim, "scan": _scan, "mm_rule": _mm_rule, "joined": _joined,
    "softmax_lastdim": _softmax_lastdim, "softmax_otherdim": _softmax_otherdim,
    "log_softmax_backward_lastdim": _log_softmax_backward_lastdim, "squared_difference": _squared_difference,
    "bce_terms": _bce_terms, "conv_sums": _conv_sums, "max_pool": _max_pool, "max_pool_backward": _max_pool_backward,
    "rows": _embedding_rows, "dense_backward": _embedding_dense_backward, "nll_values": _nll_values,
    "nll_backward": _nll_backward}.items()}
