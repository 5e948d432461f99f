"""Elementwise float32 functions whose bits depend on the library torch calls.

* ``expf_sleef`` / ``logf_sleef``: SLEEF's u10 ``expf``/``logf``, which torch's vector
  kernels use (sigmoid's vector body, softmax, log_softmax).
* ``expf_glibc``: glibc's ``expf`` (the scalar tails); ``logf_glibc``, ``log1pf_glibc``
  (binary_cross_entropy). The engine carries its own copies because Pyodide's libm differs.
* ``sigmoid`` and the tanh/sigmoid/relu backward formulas: exact.
* ``exp``, ``log``, ``sqrt``, ``tanh``, ``sin``, ...: torch computes these with MKL VML,
  which is not reproduced; these are the correctly rounded stand-ins (float64 math, one
  rounding), with C's edge cases (log(0) = -inf, log(-1) = nan, overflow = inf).
"""
import math
from array import array
from decimal import Decimal, localcontext
from itertools import repeat
from operator import mul, sub, truediv

from .._backend import kernels
from .._float32 import bits32, f32, fma32, from_bits32
from . import GRAIN_SIZE, LANES, NUM_THREADS
from ._common import as_f32, fma32_np, fma32_seq, ieee, is_np, np

_INF = math.inf
_NAN = math.nan


# ---- SLEEF expf (u10) ---------------------------------------------------------------

def _c(bits):
    return from_bits32(bits)


_LOG2E_F = _c(0x3fb8aa3b)
_LN2_HI_F = _c(0x3f317200)
_LN2_LO_F = _c(0x35bfbe8e)
_EXP_POLY = [_c(b) for b in (0x39502bda, 0x3ab696c9, 0x3c0888a6, 0x3d2aaa7a, 0x3e2aaaab, 0x3f000000)]


def _expf_sleef1(d):
    if d != d:
        return d
    if d < -104.0:
        return 0.0
    if d > 100.0:
        return _INF
    q = round(f32(d * _LOG2E_F))  # rint: ties to even, like Python's round
    s = fma32(q, -_LN2_HI_F, d)
    s = fma32(q, -_LN2_LO_F, s)
    u = _EXP_POLY[0]
    for coef in _EXP_POLY[1:]:
        u = fma32(u, s, coef)
    u = f32(1.0 + fma32(f32(s * s), u, s))
    half = q >> 1
    return f32(f32(u * 2.0 ** half) * 2.0 ** (q - half))


def _expf_sleef_np(d):
    with np.errstate(all="ignore"):
        q = np.rint(d * np.float32(_LOG2E_F)).astype(np.float32)
        s = fma32_np(q, np.float32(-_LN2_HI_F), d)
        s = fma32_np(q, np.float32(-_LN2_LO_F), s)
        u = np.full(d.shape, _EXP_POLY[0], dtype=np.float32)
        for coef in _EXP_POLY[1:]:
            u = fma32_np(u, s, np.float32(coef))
        u = np.float32(1) + fma32_np(s * s, u, s)
        qi = np.clip(q, -300, 300).astype(np.int64)  # out-of-range q only occurs where d is clamped below
        half = qi >> 1
        u = (u * np.ldexp(np.float32(1), half).astype(np.float32)) * np.ldexp(np.float32(1), qi - half).astype(np.float32)
        u = u.astype(np.float32)
        u[d < -104] = 0
        u[d > 100] = np.inf
        nan = np.isnan(d)
        u[nan] = d[nan]
    return u


def expf_sleef(values):
    """SLEEF ``Sleef_expf16_u10`` (= ``expf8_u10``) on each float32 value."""
    if is_np(values):
        return _expf_sleef_np(as_f32(values))
    return [_expf_sleef1(v) for v in values]


# ---- SLEEF logf (u10, AVX-512 getexp/getmant variant) ---------------------------------

_INV_075_F = _c(0x3faaaaab)
_LN2_HI_L = _c(0x3f317218)
_LN2_LO_L = _c(0xb102e308)
_LOG_P = [_c(b) for b in (0x3e9aff5c, 0x3ecc99ca, 0x3f2aaada)]


def _two_sum32(a, b):
    s = f32(a + b)
    v = f32(s - a)
    return s, f32(f32(a - f32(s - v)) + f32(b - v))


def _logf_sleef1(d):
    if d != d or d < 0.0:
        return _NAN
    if d == 0.0:
        return -_INF
    if d == _INF:
        return _INF
    e = float(math.frexp(f32(d * _INV_075_F))[1] - 1)  # getexp: floor(log2 |v|)
    m = math.frexp(d)[0] * 2.0  # getmant: significand in [1, 2)
    if m >= 1.5:
        m *= 0.5
    sh = f32(_LN2_HI_L * e)
    sl = fma32(_LN2_LO_L, e, fma32(_LN2_HI_L, e, -sh))
    nh, nl = _two_sum32(-1.0, m)
    dh, dl = _two_sum32(1.0, m)
    t = f32(1.0 / dh)
    xh = f32(nh * t)
    xl = fma32(xh, fma32(-dl, t, fma32(-dh, t, 1.0)), fma32(nl, t, fma32(t, nh, -xh)))
    x2 = f32(xh * xh)
    p = fma32(fma32(_LOG_P[0], x2, _LOG_P[1]), x2, _LOG_P[2])
    ah, al = xh * 2.0, xl * 2.0
    s1 = f32(sh + ah)
    s1l = f32(f32(f32(f32(sh - s1) + ah) + sl) + al)
    w = f32(f32(x2 * xh) * p)
    s2 = f32(s1 + w)
    s2l = f32(f32(f32(s1 - s2) + w) + s1l)
    return f32(s2 + s2l)


def _two_sum_np(a, b):
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


def _logf_sleef_np(d):
    f = np.float32
    with np.errstate(all="ignore"):
        e = (np.frexp(d * f(_INV_075_F))[1] - 1).astype(np.float32)
        m = np.frexp(d)[0] * f(2)
        m = np.where(m >= f(1.5), m * f(0.5), m).astype(np.float32)
        sh = f(_LN2_HI_L) * e
        sl = fma32_np(f(_LN2_LO_L), e, fma32_np(f(_LN2_HI_L), e, -sh))
        nh, nl = _two_sum_np(f(-1), m)
        dh, dl = _two_sum_np(f(1), m)
        t = f(1) / dh
        xh = nh * t
        xl = fma32_np(xh, fma32_np(-dl, t, fma32_np(-dh, t, f(1))), fma32_np(nl, t, fma32_np(t, nh, -xh)))
        x2 = xh * xh
        p = fma32_np(fma32_np(f(_LOG_P[0]), x2, f(_LOG_P[1])), x2, f(_LOG_P[2]))
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


def logf_sleef(values):
    """SLEEF ``Sleef_logf16_u10`` on each float32 value."""
    if is_np(values):
        return _logf_sleef_np(as_f32(values))
    return [_logf_sleef1(v) for v in values]


# ---- glibc expf (since 2.27) ----------------------------------------------------------

def _exp2_table():
    """D[i] = the double nearest to 2^(i/32), from 60-digit decimal arithmetic."""
    with localcontext() as ctx:
        ctx.prec = 60
        return [float(Decimal(2) ** (Decimal(i) / 32)) for i in range(32)]


_EXP2_TABLE = _exp2_table()
_INV_LN2_N = float.fromhex("0x1.71547652b82fep+5")
_SHIFT = float.fromhex("0x1.8p52")
_GC0 = float.fromhex("0x1.c6af84b912394p-5") / 32 ** 3
_GC1 = float.fromhex("0x1.ebfce50fac4f3p-3") / 32 ** 2
_GC2 = float.fromhex("0x1.62e42ff0c52d6p-1") / 32
_OVERFLOW = float.fromhex("0x1.62e42ep6")
_UNDERFLOW = -float.fromhex("0x1.9fe368p6")


def _expf_glibc1(x):
    # The FMA and non-FMA evaluations give the same float32 bits (spec 2.5); this is the
    # plain one, so the numpy path can do exactly the same float64 operations.
    if x != x:
        return x
    if x > _OVERFLOW:
        return _INF
    if x < _UNDERFLOW:
        return 0.0
    z = _INV_LN2_N * x
    kd = (z + _SHIFT) - _SHIFT
    k = int(kd)
    r = z - kd
    s = math.ldexp(_EXP2_TABLE[k & 31], k >> 5)
    y = _GC2 * r + 1.0
    y = (_GC0 * r + _GC1) * (r * r) + y
    return f32(y * s)


def _expf_glibc_np(x):
    x64 = x.astype(np.float64)
    with np.errstate(all="ignore"):
        z = _INV_LN2_N * np.clip(x64, _UNDERFLOW, _OVERFLOW)
        kd = (z + _SHIFT) - _SHIFT
        k = kd.astype(np.int64)
        r = z - kd
        s = np.ldexp(np.array(_EXP2_TABLE)[k & 31], k >> 5)
        y = _GC2 * r + 1.0
        y = (_GC0 * r + _GC1) * (r * r) + y
        out = (y * s).astype(np.float32)
    out[x > _OVERFLOW] = np.inf
    out[x < _UNDERFLOW] = 0
    nan = np.isnan(x)
    out[nan] = x[nan]
    return out


def expf_glibc(values):
    """glibc ``expf`` on each float32 value."""
    if is_np(values):
        return _expf_glibc_np(as_f32(values))
    return [_expf_glibc1(v) for v in values]


# ---- glibc logf (since 2.27) and log1pf (fdlibm) ------------------------------------------
# binary_cross_entropy's scalar kernel calls these. Pyodide's libm differs, hence the copies.

_LOGF_TABLE = [(float.fromhex(invc), float.fromhex(logc)) for invc, logc in (
    ("0x1.661ec79f8f3bep+0", "-0x1.57bf7808caadep-2"), ("0x1.571ed4aaf883dp+0", "-0x1.2bef0a7c06ddbp-2"),
    ("0x1.49539f0f010bp+0", "-0x1.01eae7f513a67p-2"), ("0x1.3c995b0b80385p+0", "-0x1.b31d8a68224e9p-3"),
    ("0x1.30d190c8864a5p+0", "-0x1.6574f0ac07758p-3"), ("0x1.25e227b0b8eap+0", "-0x1.1aa2bc79c81p-3"),
    ("0x1.1bb4a4a1a343fp+0", "-0x1.a4e76ce8c0e5ep-4"), ("0x1.12358f08ae5bap+0", "-0x1.1973c5a611cccp-4"),
    ("0x1.0953f419900a7p+0", "-0x1.252f438e10c1ep-5"), ("0x1p+0", "0x0p+0"),
    ("0x1.e608cfd9a47acp-1", "0x1.aa5aa5df25984p-5"), ("0x1.ca4b31f026aap-1", "0x1.c5e53aa362eb4p-4"),
    ("0x1.b2036576afce6p-1", "0x1.526e57720db08p-3"), ("0x1.9c2d163a1aa2dp-1", "0x1.bc2860d22477p-3"),
    ("0x1.886e6037841edp-1", "0x1.1058bc8a07ee1p-2"), ("0x1.767dcf5534862p-1", "0x1.4043057b6ee09p-2"))]
_LOGF_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_LOGF_POLY = [float.fromhex(c) for c in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2")]


def _logf_glibc1(x):
    # log(x) = log1p(z/c - 1) + log(c) + k*ln2 in float64, z/c near 1 from a 16-entry table.
    # With or without FMA contraction the float32 bits are the same (checked against libm).
    ix = bits32(x)
    if ix == 0x3f800000:
        return 0.0
    if (ix - 0x00800000) & 0xFFFFFFFF >= 0x7f800000 - 0x00800000:  # subnormal, <= 0, inf or nan
        if ix & 0x7FFFFFFF == 0:
            return -_INF
        if ix == 0x7f800000 or x != x:
            return x
        if ix & 0x80000000:
            return _NAN
        ix = bits32(x * 8388608.0) - (23 << 23)  # normalise the subnormal
    tmp = (ix - 0x3f330000) & 0xFFFFFFFF
    invc, logc = _LOGF_TABLE[(tmp >> 19) & 15]
    k = (tmp - (1 << 32) if tmp & 0x80000000 else tmp) >> 23
    z = from_bits32(ix - (tmp & 0xFF800000))
    r = z * invc - 1.0
    y0 = logc + k * _LOGF_LN2
    r2 = r * r
    y = _LOGF_POLY[1] * r + _LOGF_POLY[2]
    y = _LOGF_POLY[0] * r2 + y
    return f32(y * r2 + (y0 + r))


def _logf_glibc_np(x):
    ix = x.view(np.uint32).astype(np.int64)
    special = (ix - 0x00800000) & 0xFFFFFFFF >= 0x7f800000 - 0x00800000
    tmp = (ix - 0x3f330000) & 0xFFFFFFFF
    table = np.array(_LOGF_TABLE)[(tmp >> 19) & 15]
    k = np.where(tmp & 0x80000000, tmp - (1 << 32), tmp) >> 23
    z = ((ix - (tmp & 0xFF800000)) & 0xFFFFFFFF).astype(np.uint32).view(np.float32).astype(np.float64)
    r = z * table[:, 0] - 1.0
    y0 = table[:, 1] + k * _LOGF_LN2
    r2 = r * r
    y = _LOGF_POLY[1] * r + _LOGF_POLY[2]
    y = _LOGF_POLY[0] * r2 + y
    out = (y * r2 + (y0 + r)).astype(np.float32)
    out[ix == 0x3f800000] = 0
    for i in np.nonzero(special)[0]:
        out[i] = _logf_glibc1(float(x[i]))
    return out


def logf_glibc(values):
    """glibc ``logf`` on each float32 value."""
    if is_np(values):
        return _logf_glibc_np(as_f32(values))
    return [_logf_glibc1(v) for v in values]


_LN2_HI_FDLIBM = _c(0x3f317180)
_LN2_LO_FDLIBM = _c(0x3717f7d1)
_LOG1P_POLY = [_c(b) for b in (0x3F2AAAAB, 0x3ECCCCCD, 0x3E924925, 0x3E638E29, 0x3E3A3325, 0x3E1CD04F,
                               0x3E178897)]
_TWO_THIRDS_F = f32(0.66666666666666666)


def _log1pf_glibc1(x):
    # fdlibm's s_log1pf.c: every operation is a float32 one. log1p(x) = k*ln2 + log(u) with
    # u = 1 + x scaled into [sqrt(2)/2, sqrt(2)) and c the rounding error of 1 + x.
    hx = bits32(x)
    hx = hx - (1 << 32) if hx & 0x80000000 else hx
    ax = hx & 0x7FFFFFFF
    k = 1
    if hx < 0x3ed413d7:  # x < 0.41422
        if ax >= 0x3f800000:  # x <= -1
            return -_INF if x == -1.0 else _NAN
        if ax < 0x31000000:  # |x| < 2**-29
            return x if ax < 0x24800000 else f32(x - f32(f32(x * x) * 0.5))
        if hx > 0 or hx <= -0x416a09e1:  # -0.2929 < x < 0.41422
            k, f, hu, c = 0, x, 1, 0.0
    elif hx >= 0x7f800000:
        return x + x
    if k:
        if hx < 0x5a000000:
            u = f32(1.0 + x)
            hu = bits32(u)
            k = (hu >> 23) - 127
            c = f32(1.0 - f32(u - x)) if k > 0 else f32(x - f32(u - 1.0))
            c = f32(c / u)
        else:
            u, hu, c = x, bits32(x), 0.0
            k = (hu >> 23) - 127
        hu &= 0x007FFFFF
        if hu < 0x3504f7:
            u = from_bits32(hu | 0x3f800000)
        else:
            k += 1
            u = from_bits32(hu | 0x3f000000)
            hu = (0x00800000 - hu) >> 2
        f = f32(u - 1.0)
    hfsq = f32(f32(0.5 * f) * f)
    k_ln2_hi, k_ln2_lo = f32(k * _LN2_HI_FDLIBM), f32(k * _LN2_LO_FDLIBM)
    if hu == 0:  # |f| < 2**-20
        if f == 0.0:
            return 0.0 if k == 0 else f32(k_ln2_hi + f32(c + k_ln2_lo))
        r = f32(hfsq * f32(1.0 - f32(_TWO_THIRDS_F * f)))
        return f32(f - r) if k == 0 else f32(k_ln2_hi - f32(f32(r - f32(k_ln2_lo + c)) - f))
    s = f32(f / f32(2.0 + f))
    z = f32(s * s)
    r = _LOG1P_POLY[6]
    for coef in reversed(_LOG1P_POLY[:6]):
        r = f32(coef + f32(z * r))
    r = f32(z * r)
    if k == 0:
        return f32(f - f32(hfsq - f32(s * f32(hfsq + r))))
    return f32(k_ln2_hi - f32(f32(hfsq - f32(f32(s * f32(hfsq + r)) + f32(k_ln2_lo + c))) - f))


def _log1pf_glibc_np(x):
    """The common path of _log1pf_glibc1 on arrays (float32 numpy arithmetic rounds each step);
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
        k_ln2_hi, k_ln2_lo = k.astype(np.float32) * _LN2_HI_FDLIBM, k.astype(np.float32) * _LN2_LO_FDLIBM
        s = f / (f32_(2) + f)
        z = s * s
        r = np.full_like(z, _LOG1P_POLY[6])
        for coef in reversed(_LOG1P_POLY[:6]):
            r = f32_(coef) + z * r
        r = z * r
        out = np.where(plain, f - (hfsq - s * (hfsq + r)),
                       k_ln2_hi - ((hfsq - (s * (hfsq + r) + (k_ln2_lo + c))) - f)).astype(np.float32)
    ax = hx & 0x7FFFFFFF
    rare = ((hx < 0x3ed413d7) & ((ax >= 0x3f800000) | (ax < 0x31000000))) | (hx >= 0x5a000000) | \
        (~plain & (hu == 0))
    for i in np.nonzero(rare)[0]:
        out[i] = _log1pf_glibc1(float(x[i]))
    return out


def log1pf_glibc(values):
    """glibc ``log1pf`` on each float32 value."""
    if is_np(values):
        return _log1pf_glibc_np(as_f32(values))
    return [_log1pf_glibc1(v) for v in values]


# ---- sigmoid --------------------------------------------------------------------------

def vector_runs(n, row=None):
    """Split n elements of a unary elementwise op into torch's (start, stop, vector_stop).

    Elements start..vector_stop-1 take the vector formula (full 2W-blocks of a run),
    vector_stop..stop-1 the scalar one. A run is a contiguous row (``row`` elements; None
    for a fully contiguous tensor, 1 for 0-d or non-unit-stride input), cut further where
    torch splits more than GRAIN_SIZE elements over its threads.
    """
    cuts = {0, n}
    if n > GRAIN_SIZE:
        chunk = -(-n // min(NUM_THREADS, -(-n // GRAIN_SIZE)))
        cuts.update(range(chunk, n, chunk))
    if row is not None and row > 0:
        cuts.update(range(row, n, row))
    bounds = sorted(cuts)
    block = 2 * LANES
    return [(a, b, a + (b - a) // block * block) for a, b in zip(bounds, bounds[1:])]


@ieee
def sigmoid(values, row=None):
    """torch.sigmoid of float32 values in memory order (see ``vector_runs`` for ``row``).

    Vector body: 1 / (1 + expf_sleef(0 - x)); scalar tail: 1 / (1 + expf_glibc(-x)).
    """
    use_np = is_np(values)
    if not use_np and kernels.wasm is not None:  # the browser's kernels: the same steps
        out = kernels.sigmoid(values, vector_runs(len(values), row), _EXP2_TABLE)
        if out is not None:
            return out
    x = as_f32(values) if use_np else values
    out = np.empty(len(x), np.float32) if use_np else [0.0] * len(x)
    exp_vec, exp_scalar = (_expf_sleef_np, _expf_glibc_np) if use_np else (expf_sleef, expf_glibc)
    for start, stop, vstop in vector_runs(len(x), row):
        for lo, hi, exp in ((start, vstop, exp_vec), (vstop, stop, exp_scalar)):
            if lo < hi:
                out[lo:hi] = _one_over_one_plus(exp(_negate(x[lo:hi])), use_np)
    return out


def _negate(x):
    return -x if is_np(x) else [0.0 - v for v in x]  # 0 - x and -x agree except on 0 vs -0, which exp ignores


def _one_over_one_plus(e, use_np):
    if use_np:
        return np.float32(1) / (np.float32(1) + e)
    return array("f", map(truediv, repeat(1.0), array("f", [1.0 + v for v in e]))).tolist()


# ---- backward formulas ----------------------------------------------------------------

@ieee
def sigmoid_backward(grad, out):
    """(grad * (1 - s)) * s, with s the saved sigmoid output."""
    if is_np(grad) or is_np(out):
        g, s = as_f32(grad), as_f32(out)
        return (g * (np.float32(1) - s)) * s
    one_minus = array("f", map(sub, repeat(1.0), out))
    return array("f", map(mul, array("f", map(mul, grad, one_minus)), out)).tolist()


@ieee
def tanh_backward(grad, out):
    """grad * fma(-y, y, 1), with y the saved tanh output."""
    if is_np(grad) or is_np(out):
        g, y = as_f32(grad), as_f32(out)
        return g * fma32_np(-y, y, np.float32(1))
    neg = [-v for v in out]
    return array("f", map(mul, grad, fma32_seq(neg, out, [1.0] * len(neg)))).tolist()


@ieee
def relu_backward(grad, x):
    """grad where x > 0, else 0."""
    if is_np(grad) or is_np(x):
        g, v = as_f32(grad), as_f32(x)
        return np.where(v > 0, g, np.float32(0))
    return [g if v > 0 else 0.0 for g, v in zip(grad, x)]


# ---- correctly rounded stand-ins for MKL VML --------------------------------------------

def _c_semantics(fn, x):
    """fn(x) in float64 with C's results where Python's math raises."""
    try:
        return fn(x)
    except OverflowError:
        return math.copysign(_INF, x) if fn is math.sinh else _INF
    except ValueError:
        return _domain_edge(fn, x)


def _domain_edge(fn, x):
    if fn in (math.log, math.log2, math.log10) and x == 0.0:
        return -_INF
    if fn is math.log1p and x == -1.0:
        return -_INF
    return _NAN


def _rounded(values64):
    try:
        return array("f", values64).tolist()
    except OverflowError:
        return [f32(v) for v in values64]


def _correctly_rounded(name, fn, np_fn):
    def kernel(values):
        if is_np(values):
            return _cr_np(fn, np_fn, as_f32(values))
        try:
            return _rounded(list(map(fn, values)))
        except (OverflowError, ValueError):
            return _rounded([_c_semantics(fn, v) for v in values])

    kernel.__name__ = name
    kernel.__doc__ = f"torch.{name} stand-in: the correctly rounded float32 {name} (float64 math, one rounding)."
    return kernel


def _cr_np(fn, np_fn, x):
    """numpy's float64 functions may differ from Python's math by an ulp; that matters only
    near a float32 halfway point, so those elements are redone with math."""
    if np_fn is None:
        return np.array([_c_semantics(fn, v) for v in x.tolist()], dtype=np.float64).astype(np.float32)
    with np.errstate(all="ignore"):
        y = np_fn(x.astype(np.float64))
        out = y.astype(np.float32)
    near = np.abs((y.view(np.int64) & 0x1FFFFFFF) - 0x10000000) <= 16
    for i in np.nonzero(near & np.isfinite(y))[0]:
        out[i] = f32(_c_semantics(fn, float(x[i])))
    return out


def _exp2(x):
    return 2.0 ** x


_NP = np if np is not None else None
exp = _correctly_rounded("exp", math.exp, _NP and _NP.exp)
log = _correctly_rounded("log", math.log, _NP and _NP.log)
log2 = _correctly_rounded("log2", math.log2, _NP and _NP.log2)
log10 = _correctly_rounded("log10", math.log10, _NP and _NP.log10)
log1p = _correctly_rounded("log1p", math.log1p, _NP and _NP.log1p)
expm1 = _correctly_rounded("expm1", math.expm1, _NP and _NP.expm1)
exp2 = _correctly_rounded("exp2", _exp2, _NP and _NP.exp2)
sqrt = _correctly_rounded("sqrt", math.sqrt, _NP and _NP.sqrt)
sin = _correctly_rounded("sin", math.sin, _NP and _NP.sin)
cos = _correctly_rounded("cos", math.cos, _NP and _NP.cos)
tan = _correctly_rounded("tan", math.tan, _NP and _NP.tan)
asin = _correctly_rounded("asin", math.asin, _NP and _NP.arcsin)
acos = _correctly_rounded("acos", math.acos, _NP and _NP.arccos)
atan = _correctly_rounded("atan", math.atan, _NP and _NP.arctan)
sinh = _correctly_rounded("sinh", math.sinh, _NP and _NP.sinh)
cosh = _correctly_rounded("cosh", math.cosh, _NP and _NP.cosh)
tanh = _correctly_rounded("tanh", math.tanh, _NP and _NP.tanh)
erf = _correctly_rounded("erf", math.erf, None)
erfc = _correctly_rounded("erfc", math.erfc, None)
