"""The float32 libm functions torch's kernels call, emulated element by element.

* SLEEF's u10 ``expf``/``logf`` (torch's vector kernels: sigmoid's vector body, softmax,
  log_softmax); glibc's ``expf`` (the scalar tails), ``logf`` and ``log1pf``
  (binary_cross_entropy). The engine carries its own copies because Pyodide's libm differs.
* ``c_semantics``: a float64 math function with C's results where Python's math raises.

The pure-Python kernels (``special``) map these over buffers; the numpy backend's whole-array
versions use the constants and redo their rare elements with these, so both give the same bits.
"""
import math
from decimal import Decimal, localcontext

from .._float32 import bits32, f32, fma32, from_bits32

_INF = math.inf
_NAN = math.nan


# ---- SLEEF expf (u10) ---------------------------------------------------------------

def _c(bits):
    return from_bits32(bits)


LOG2E_F = _c(0x3fb8aa3b)
LN2_HI_F = _c(0x3f317200)
LN2_LO_F = _c(0x35bfbe8e)
EXP_POLY = [_c(b) for b in (0x39502bda, 0x3ab696c9, 0x3c0888a6, 0x3d2aaa7a, 0x3e2aaaab, 0x3f000000)]


def expf_sleef1(d):
    if d != d:
        return d
    if d < -104.0:
        return 0.0
    if d > 100.0:
        return _INF
    q = round(f32(d * LOG2E_F))  # rint: ties to even, like Python's round
    s = fma32(q, -LN2_HI_F, d)
    s = fma32(q, -LN2_LO_F, s)
    u = EXP_POLY[0]
    for coef in EXP_POLY[1:]:
        u = fma32(u, s, coef)
    u = f32(1.0 + fma32(f32(s * s), u, s))
    half = q >> 1
    return f32(f32(u * 2.0 ** half) * 2.0 ** (q - half))


# ---- SLEEF logf (u10, AVX-512 getexp/getmant variant) ---------------------------------

INV_075_F = _c(0x3faaaaab)
LN2_HI_L = _c(0x3f317218)
LN2_LO_L = _c(0xb102e308)
LOG_P = [_c(b) for b in (0x3e9aff5c, 0x3ecc99ca, 0x3f2aaada)]


def _two_sum32(a, b):
    s = f32(a + b)
    v = f32(s - a)
    return s, f32(f32(a - f32(s - v)) + f32(b - v))


def logf_sleef1(d):
    if d != d or d < 0.0:
        return _NAN
    if d == 0.0:
        return -_INF
    if d == _INF:
        return _INF
    e = float(math.frexp(f32(d * INV_075_F))[1] - 1)  # getexp: floor(log2 |v|)
    m = math.frexp(d)[0] * 2.0  # getmant: significand in [1, 2)
    if m >= 1.5:
        m *= 0.5
    sh = f32(LN2_HI_L * e)
    sl = fma32(LN2_LO_L, e, fma32(LN2_HI_L, e, -sh))
    nh, nl = _two_sum32(-1.0, m)
    dh, dl = _two_sum32(1.0, m)
    t = f32(1.0 / dh)
    xh = f32(nh * t)
    xl = fma32(xh, fma32(-dl, t, fma32(-dh, t, 1.0)), fma32(nl, t, fma32(t, nh, -xh)))
    x2 = f32(xh * xh)
    p = fma32(fma32(LOG_P[0], x2, LOG_P[1]), x2, LOG_P[2])
    ah, al = xh * 2.0, xl * 2.0
    s1 = f32(sh + ah)
    s1l = f32(f32(f32(f32(sh - s1) + ah) + sl) + al)
    w = f32(f32(x2 * xh) * p)
    s2 = f32(s1 + w)
    s2l = f32(f32(f32(s1 - s2) + w) + s1l)
    return f32(s2 + s2l)


# ---- glibc expf (since 2.27) ----------------------------------------------------------

def _exp2_table():
    """D[i] = the double nearest to 2^(i/32), from 60-digit decimal arithmetic."""
    with localcontext() as ctx:
        ctx.prec = 60
        return [float(Decimal(2) ** (Decimal(i) / 32)) for i in range(32)]


EXP2_TABLE = _exp2_table()
INV_LN2_N = float.fromhex("0x1.71547652b82fep+5")
SHIFT = float.fromhex("0x1.8p52")
GC0 = float.fromhex("0x1.c6af84b912394p-5") / 32 ** 3
GC1 = float.fromhex("0x1.ebfce50fac4f3p-3") / 32 ** 2
GC2 = float.fromhex("0x1.62e42ff0c52d6p-1") / 32
OVERFLOW = float.fromhex("0x1.62e42ep6")
UNDERFLOW = -float.fromhex("0x1.9fe368p6")


def expf_glibc1(x):
    # The FMA and non-FMA evaluations give the same float32 bits (spec 2.5); this is the
    # plain one, so the numpy path can do exactly the same float64 operations.
    if x != x:
        return x
    if x > OVERFLOW:
        return _INF
    if x < UNDERFLOW:
        return 0.0
    z = INV_LN2_N * x
    kd = (z + SHIFT) - SHIFT
    k = int(kd)
    r = z - kd
    s = math.ldexp(EXP2_TABLE[k & 31], k >> 5)
    y = GC2 * r + 1.0
    y = (GC0 * r + GC1) * (r * r) + y
    return f32(y * s)


# ---- glibc logf (since 2.27) and log1pf (fdlibm) ------------------------------------------
# binary_cross_entropy's scalar kernel calls these. Pyodide's libm differs, hence the copies.

LOGF_TABLE = [(float.fromhex(invc), float.fromhex(logc)) for invc, logc in (
    ("0x1.661ec79f8f3bep+0", "-0x1.57bf7808caadep-2"), ("0x1.571ed4aaf883dp+0", "-0x1.2bef0a7c06ddbp-2"),
    ("0x1.49539f0f010bp+0", "-0x1.01eae7f513a67p-2"), ("0x1.3c995b0b80385p+0", "-0x1.b31d8a68224e9p-3"),
    ("0x1.30d190c8864a5p+0", "-0x1.6574f0ac07758p-3"), ("0x1.25e227b0b8eap+0", "-0x1.1aa2bc79c81p-3"),
    ("0x1.1bb4a4a1a343fp+0", "-0x1.a4e76ce8c0e5ep-4"), ("0x1.12358f08ae5bap+0", "-0x1.1973c5a611cccp-4"),
    ("0x1.0953f419900a7p+0", "-0x1.252f438e10c1ep-5"), ("0x1p+0", "0x0p+0"),
    ("0x1.e608cfd9a47acp-1", "0x1.aa5aa5df25984p-5"), ("0x1.ca4b31f026aap-1", "0x1.c5e53aa362eb4p-4"),
    ("0x1.b2036576afce6p-1", "0x1.526e57720db08p-3"), ("0x1.9c2d163a1aa2dp-1", "0x1.bc2860d22477p-3"),
    ("0x1.886e6037841edp-1", "0x1.1058bc8a07ee1p-2"), ("0x1.767dcf5534862p-1", "0x1.4043057b6ee09p-2"))]
LOGF_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
LOGF_POLY = [float.fromhex(c) for c in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2")]


def logf_glibc1(x):
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
    invc, logc = LOGF_TABLE[(tmp >> 19) & 15]
    k = (tmp - (1 << 32) if tmp & 0x80000000 else tmp) >> 23
    z = from_bits32(ix - (tmp & 0xFF800000))
    r = z * invc - 1.0
    y0 = logc + k * LOGF_LN2
    r2 = r * r
    y = LOGF_POLY[1] * r + LOGF_POLY[2]
    y = LOGF_POLY[0] * r2 + y
    return f32(y * r2 + (y0 + r))




LN2_HI_FDLIBM = _c(0x3f317180)
LN2_LO_FDLIBM = _c(0x3717f7d1)
LOG1P_POLY = [_c(b) for b in (0x3F2AAAAB, 0x3ECCCCCD, 0x3E924925, 0x3E638E29, 0x3E3A3325, 0x3E1CD04F,
                               0x3E178897)]
_TWO_THIRDS_F = f32(0.66666666666666666)


def log1pf_glibc1(x):
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
    k_ln2_hi, k_ln2_lo = f32(k * LN2_HI_FDLIBM), f32(k * LN2_LO_FDLIBM)
    if hu == 0:  # |f| < 2**-20
        if f == 0.0:
            return 0.0 if k == 0 else f32(k_ln2_hi + f32(c + k_ln2_lo))
        r = f32(hfsq * f32(1.0 - f32(_TWO_THIRDS_F * f)))
        return f32(f - r) if k == 0 else f32(k_ln2_hi - f32(f32(r - f32(k_ln2_lo + c)) - f))
    s = f32(f / f32(2.0 + f))
    z = f32(s * s)
    r = LOG1P_POLY[6]
    for coef in reversed(LOG1P_POLY[:6]):
        r = f32(coef + f32(z * r))
    r = f32(z * r)
    if k == 0:
        return f32(f - f32(hfsq - f32(s * f32(hfsq + r))))
    return f32(k_ln2_hi - f32(f32(hfsq - f32(f32(s * f32(hfsq + r)) + f32(k_ln2_lo + c))) - f))


# ---- C's edge cases for the correctly rounded stand-ins ---------------------------------------

# ---- Cephes log and sincos (PyTorch's AVX2 normal fill), float32 constants -------------------
# Used by _random's normal fill and the numpy backend's whole-array version of it.

SQRTHF = _c(0x3F3504F3)
LOG_POLY = [_c(h) for h in (0x3D9021BB, 0xBDEBD1B8, 0x3DEF251A, 0xBDFE5D4F, 0x3E11E9BF,
                            0xBE2AAE50, 0x3E4CCEAC, 0xBE7FFFFC, 0x3EAAAAAA)]
Q1 = _c(0xB95E8083)
Q2 = _c(0x3F318000)
TWO_PI_F = _c(0x40C90FDB)
FOPI = _c(0x3FA2F983)
DP1, DP2, DP3 = (_c(h) for h in (0xBF490000, 0xB97DA000, 0xB3222169))
C0, C1, C2 = (_c(h) for h in (0x37CCF5CE, 0xBAB6061A, 0x3D2AAAA5))
S0, S1, S2 = (_c(h) for h in (0xB94CA1F9, 0x3C08839E, 0xBE2AAAA3))


def c_semantics(fn, x):
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
