# Derived from glibc (LGPL-2.1+), fdlibm (Sun), musl/Arm (MIT), SLEEF (BSL-1.0), Cephes (BSD-3), avx_mathfun
# (Zlib), oneDNN (Apache-2.0) (which makes this file LGPL-2.1+ as a whole); notices: licenses/glibc.txt,
# licenses/fdlibm.txt, licenses/musl.txt, licenses/sleef.txt, licenses/cephes.txt, licenses/sse-mathfun.txt,
# licenses/onednn.txt
"""The float32 libm functions torch's kernels call, emulated element by element.

* SLEEF's u10 ``expf``/``logf`` (torch's vector kernels: sigmoid's vector body, softmax,
  log_softmax); glibc's ``expf`` (the scalar tails), ``logf`` and ``log1pf``
  (binary_cross_entropy). The engine carries its own copies because Pyodide's libm differs.
* glibc's ``tanhf``/``erff`` (fdlibm's float code, with its ``expm1f``) and SLEEF's u10 ``tanhf``:
  GELU's scalar tail and vector body; oneDNN's GELU (what torch runs for contiguous float32
  input) and ATen's GELU formulas, on elements (``GELU_FORMULAS``, ``gelu_runs``).
* ``c_semantics``: a float64 math function with C's results where Python's math raises.
* glibc's other float functions that the browser's numpy calls for float32 where real numpy calls
  libm (below AVX-512): ``exp2f``, ``log2f``, ``log10f``, ``powf``, ``sinf``/``cosf``, ``tanf``,
  ``asinf``/``acosf``/``atanf``/``atan2f``, ``sinhf``/``coshf``, ``hypotf``, ``asinhf``/``acoshf``/
  ``atanhf``, ``cbrtf`` (glibc 2.36, x86-64: the FMA build where glibc has one).

The pure-Python kernels (``special``) map these over buffers; the numpy backend's whole-array
versions use the constants and redo their rare elements with these, so both give the same bits.
"""
import math
from array import array
from decimal import Decimal, localcontext
from functools import partial

from .._float32 import bits32, f32, fma32, fma64, from_bits32
from ._common import GRAIN_SIZE, NUM_THREADS, vector_runs

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


# ---- glibc exp2f and log2f (since 2.27): expf's and logf's algorithms in base 2 ----------------
# numpy's float32 exp2 and log2 below AVX-512 are these.

EXP2F_SHIFT = SHIFT / 32
EXP2F_POLY = [float.fromhex(c) for c in ("0x1.c6af84b912394p-5", "0x1.ebfce50fac4f3p-3", "0x1.62e42ff0c52d6p-1")]


def exp2f_glibc1(x):
    if not -150.0 < x < 128.0:  # also nan
        return x + x if x != x or x == _INF else 0.0 if x < 0.0 else _INF
    kd = (x + EXP2F_SHIFT) - EXP2F_SHIFT  # k/32: x rounded to a multiple of 1/32
    k = int(kd * 32)
    r = x - kd
    s = math.ldexp(EXP2_TABLE[k & 31], k >> 5)
    y = (EXP2F_POLY[0] * r + EXP2F_POLY[1]) * (r * r) + (EXP2F_POLY[2] * r + 1.0)
    return f32(y * s)


# log2f's table has logf's 16 invc values, with log2(c) in place of log(c).
LOG2F_TABLE = [(invc, float.fromhex(logc)) for (invc, _), logc in zip(LOGF_TABLE, (
    "-0x1.efec65b963019p-2", "-0x1.b0b6832d4fca4p-2", "-0x1.7418b0a1fb77bp-2", "-0x1.39de91a6dcf7bp-2",
    "-0x1.01d9bf3f2b631p-2", "-0x1.97c1d1b3b7afp-3", "-0x1.2f9e393af3c9fp-3", "-0x1.960cbbf788d5cp-4",
    "-0x1.a6f9db6475fcep-5", "0x0p+0", "0x1.338ca9f24f53dp-4", "0x1.476a9543891bap-3",
    "0x1.e840b4ac4e4d2p-3", "0x1.40645f0c6651cp-2", "0x1.88e9c2c1b9ff8p-2", "0x1.ce0a44eb17bccp-2"))]
LOG2F_POLY = [float.fromhex(c) for c in ("-0x1.712b6f70a7e4dp-2", "0x1.ecabf496832ep-2", "-0x1.715479ffae3dep-1",
                                          "0x1.715475f35c8b8p0")]


def log2f_glibc1(x):
    # log2(x) = log1p(z/c - 1)/ln2 + log2(c) + k, z/c near 1 from logf's 16-entry split
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
        ix = bits32(x * 8388608.0) - (23 << 23)
    tmp = (ix - 0x3f330000) & 0xFFFFFFFF
    invc, logc = LOG2F_TABLE[(tmp >> 19) & 15]
    k = (tmp - (1 << 32) if tmp & 0x80000000 else tmp) >> 23
    r = from_bits32(ix - (tmp & 0xFF800000)) * invc - 1.0
    r2 = r * r
    y = LOG2F_POLY[0] * r2 + (LOG2F_POLY[1] * r + LOG2F_POLY[2])
    return f32(y * r2 + (LOG2F_POLY[3] * r + (logc + k)))




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


# ---- glibc powf (since 2.27): 2^(y log2 x), log2 x in float64 from logf's split -----------------
# x86-64 glibc's FMA build (what a CPU with AVX2 runs): GCC fused every a*b + c (fma64).

POWF_POLY = [float.fromhex(c) for c in ("0x1.27616c9496e0bp-2", "-0x1.71969a075c67ap-2", "0x1.ec70a6ca7baddp-2",
                                         "-0x1.7154748bef6c8p-1", "0x1.71547652ab82bp0")]
_M32 = 0xFFFFFFFF


def _powf_log2(ix):
    tmp = (ix - 0x3f330000) & _M32
    invc, logc = LOG2F_TABLE[(tmp >> 19) & 15]
    top = tmp & 0xff800000
    k = (top - (1 << 32) if top & 0x80000000 else top) >> 23
    r = fma64(from_bits32((ix - top) & _M32), invc, -1.0)
    a = POWF_POLY
    r2 = r * r
    q = fma64(fma64(a[2], r, a[3]), r2, fma64(a[4], r, logc + k))
    return fma64(fma64(a[0], r, a[1]), r2 * r2, q)


def _powf_exp2(xd, negative):
    kd = (xd + EXP2F_SHIFT) - EXP2F_SHIFT
    k = int(kd * 32)
    r = xd - kd
    s = math.ldexp(EXP2_TABLE[k & 31], k >> 5)
    y = fma64(fma64(EXP2F_POLY[0], r, EXP2F_POLY[1]), r * r, fma64(EXP2F_POLY[2], r, 1.0)) * s
    return -y if negative else y


def _checkint(iy):
    """0 if float32 bits iy are not an integer, 1 if odd, 2 if even."""
    e = iy >> 23 & 0xff
    if e < 0x7f:
        return 0
    if e > 0x7f + 23:
        return 2
    if iy & ((1 << (0x7f + 23 - e)) - 1):
        return 0
    return 1 if iy & (1 << (0x7f + 23 - e)) else 2


def _zeroinfnan(i):
    return (2 * i - 1) & _M32 >= 2 * 0x7f800000 - 1


def powf_glibc1(x, y):
    ix, iy = bits32(x), bits32(y)
    negative = False
    if (ix - 0x00800000) & _M32 >= 0x7f800000 - 0x00800000 or _zeroinfnan(iy):
        if _zeroinfnan(iy):
            if (2 * iy) & _M32 == 0 or ix == 0x3f800000:
                return 1.0
            if (2 * ix) & _M32 > 2 * 0x7f800000 or (2 * iy) & _M32 > 2 * 0x7f800000:
                return x + y
            if (2 * ix) & _M32 == 2 * 0x3f800000:
                return 1.0
            if ((2 * ix) & _M32 < 2 * 0x3f800000) == (not iy & 0x80000000):
                return 0.0  # |x| < 1 and y = inf, or |x| > 1 and y = -inf
            return y * y
        if _zeroinfnan(ix):
            x2 = f32(x * x)
            if ix & 0x80000000 and _checkint(iy) == 1:
                x2 = -x2
            if not iy & 0x80000000:
                return x2
            return math.copysign(_INF, x2) if x2 == 0.0 else 1.0 / x2
        if ix & 0x80000000:  # finite x < 0
            kind = _checkint(iy)
            if kind == 0:
                return _NAN
            negative = kind == 1
            ix &= 0x7FFFFFFF
        if ix < 0x00800000:  # subnormal: normalised, its exponent negative
            ix = ((bits32(x * 8388608.0) & 0x7FFFFFFF) - (23 << 23)) & _M32
    ylogx = y * _powf_log2(ix)
    if abs(ylogx) >= 126.0:
        if ylogx > float.fromhex("0x1.fffffffd1d571p+6"):
            return -_INF if negative else _INF
        if ylogx <= -150.0:
            return -0.0 if negative else 0.0
    return f32(_powf_exp2(ylogx, negative))

# ---- glibc expm1f, tanhf, erff (fdlibm's float versions, glibc 2.36) --------------------------
# GELU's scalar tails call std::tanh and std::erf on float. Every operation is a float32 one.

EXPM1_LN2_HI = _c(0x3f317180)
EXPM1_LN2_LO = _c(0x3717f7d1)
EXPM1_Q = [_c(b) for b in (0xbd088889, 0x3ad00d01, 0xb8a670cd, 0x36867e54, 0xb457edbb)]


def _horner32(coefs, z):
    """coefs[0] + z*(coefs[1] + z*(...)), each step rounded to float32."""
    r = coefs[-1]
    for coef in reversed(coefs[:-1]):
        r = f32(coef + f32(z * r))
    return r


def _with_exponent_added(y, k):
    return from_bits32((bits32(y) + (k << 23)) & 0xFFFFFFFF)


def expm1f_glibc1(x):
    hx = bits32(x)
    negative = hx >> 31
    hx &= 0x7FFFFFFF
    if hx >= 0x4195b844:  # |x| >= 27 ln2
        if hx >= 0x42b17218:
            if hx > 0x7f800000:
                return x
            if hx == 0x7f800000:
                return -1.0 if negative else x
            if x > _c(0x42b17180):
                return _INF
        if negative:
            return -1.0
    if hx > 0x3eb17218:  # |x| > ln2 / 2: reduce by k ln2
        if hx < 0x3F851592:
            k = -1 if negative else 1
            hi, lo = f32(x - k * EXPM1_LN2_HI), k * EXPM1_LN2_LO
        else:
            k = int(f32(f32(LOG2E_F * x) + (-0.5 if negative else 0.5)))
            hi, lo = f32(x - f32(k * EXPM1_LN2_HI)), f32(k * EXPM1_LN2_LO)
        x = f32(hi - lo)
        c = f32(f32(hi - x) - lo)
    elif hx < 0x33000000:  # |x| < 2**-25
        return x
    else:
        k = 0
    hfx = f32(0.5 * x)
    hxs = f32(x * hfx)
    r1 = f32(1.0 + f32(hxs * _horner32(EXPM1_Q, hxs)))
    t = f32(3.0 - f32(r1 * hfx))
    e = f32(hxs * f32(f32(r1 - t) / f32(6.0 - f32(x * t))))
    if k == 0:
        return f32(x - f32(f32(x * e) - hxs))
    e = f32(f32(f32(x * f32(e - c)) - c) - hxs)
    if k == -1:
        return f32(f32(0.5 * f32(x - e)) - 0.5)
    if k == 1:
        return f32(-2.0 * f32(e - f32(x + 0.5))) if x < -0.25 else f32(1.0 + f32(2.0 * f32(x - e)))
    if k <= -2 or k > 56:
        return f32(_with_exponent_added(f32(1.0 - f32(e - x)), k) - 1.0)
    if k < 23:
        y = f32(from_bits32(0x3f800000 - (0x1000000 >> k)) - f32(e - x))
    else:
        y = f32(f32(x - f32(e + from_bits32((0x7f - k) << 23))) + 1.0)
    return _with_exponent_added(y, k)


def tanhf_glibc1(x):
    ix = bits32(x) & 0x7FFFFFFF
    if ix >= 0x7f800000:
        return x if x != x else math.copysign(1.0, x)
    if ix >= 0x41b00000:  # |x| >= 22
        return math.copysign(1.0, x)
    if ix == 0:
        return x
    if ix < 0x24000000:  # |x| < 2**-55
        return f32(x * f32(1.0 + x))
    if ix >= 0x3f800000:
        z = f32(1.0 - f32(2.0 / f32(expm1f_glibc1(f32(2.0 * abs(x))) + 2.0)))
    else:
        t = expm1f_glibc1(f32(-2.0 * abs(x)))
        z = f32(-t / f32(t + 2.0))
    return math.copysign(z, x)



# ---- glibc sinhf, coshf (fdlibm's, over expm1f and expf), log10f (over logf) and hypotf -------
# numpy's float32 sinh, cosh, log10 and hypot below AVX-512 are these.

def sinhf_glibc1(x):
    ix = bits32(x) & 0x7FFFFFFF
    if ix >= 0x7f800000:
        return x + x
    h = math.copysign(0.5, x)
    if ix < 0x41b00000:  # |x| < 22: from expm1
        if ix < 0x31800000:  # |x| < 2**-28
            return x
        t = expm1f_glibc1(abs(x))
        if ix < 0x3f800000:
            return f32(h * f32(f32(2.0 * t) - f32(f32(t * t) / f32(t + 1.0))))
        return f32(h * f32(t + f32(t / f32(t + 1.0))))
    if ix < 0x42b17180:
        return f32(h * expf_glibc1(abs(x)))
    if ix <= 0x42b2d4fc:  # e^|x| overflows, e^|x|/2 not: halve the exponent
        w = expf_glibc1(f32(0.5 * abs(x)))
        return f32(f32(h * w) * w)
    return math.copysign(_INF, x)


def coshf_glibc1(x):
    ix = bits32(x) & 0x7FFFFFFF
    ax = abs(x)
    if ix < 0x41b00000:  # |x| < 22
        if ix < 0x3eb17218:  # |x| < ln2 / 2: 1 + expm1(|x|)^2 / (2 e^|x|)
            if ix < 0x24000000:
                return 1.0
            t = expm1f_glibc1(ax)
            w = f32(1.0 + t)
            return f32(1.0 + f32(f32(t * t) / f32(w + w)))
        t = expf_glibc1(ax)
        return f32(f32(0.5 * t) + f32(0.5 / t))
    if ix < 0x42b17180:
        return f32(0.5 * expf_glibc1(ax))
    if ix <= 0x42b2d4fc:
        w = expf_glibc1(f32(0.5 * ax))
        return f32(f32(0.5 * w) * w)
    return x * x if ix >= 0x7f800000 else _INF


LOG10F_IVLN10, LOG10F_LOG10_2HI, LOG10F_LOG10_2LO = _c(0x3ede5bd9), _c(0x3e9a2080), _c(0x355427db)


def log10f_glibc1(x):
    # fdlibm's e_log10f.c over glibc's logf: k log10(2) + log(m)/ln 10, m in [1, 2) (or [0.5, 1) for k < 0)
    hx = bits32(x)
    k = 0
    if hx & 0x80000000 or hx < 0x00800000:
        if hx & 0x7FFFFFFF == 0:
            return -_INF
        if hx & 0x80000000:
            return _NAN if x == x else x
        k, x = -25, f32(x * 33554432.0)
        hx = bits32(x)
    if hx >= 0x7f800000:
        return x + x
    k += (hx >> 23) - 127
    i = 1 if k < 0 else 0
    y = float(k + i)
    z = f32(f32(y * LOG10F_LOG10_2LO) + f32(LOG10F_IVLN10 * logf_glibc1(from_bits32((hx & 0x007fffff) | ((0x7f - i) << 23)))))
    return f32(z + f32(y * LOG10F_LOG10_2HI))



def hypotf_glibc1(x, y):
    # glibc 2.35+: the float64 square root of the exact squares' float64 sum, rounded to float32
    if not (math.isfinite(x) and math.isfinite(y)):
        return _INF if math.isinf(x) or math.isinf(y) else x + y
    return f32(math.sqrt(x * x + y * y))

# ---- glibc asinhf, acoshf, atanhf (fdlibm's float code on logf/log1pf), cbrtf ----------------------
LN2F = f32(6.9314718246e-01)


def _sqrtf(v):
    return f32(math.sqrt(v))  # correctly rounded, as sqrtss


def asinhf_glibc1(x):
    ix = bits32(x) & 0x7FFFFFFF
    if ix >= 0x7F800000:
        return x + x
    if ix < 0x38000000:  # |x| < 2^-14
        return x
    t = abs(x)
    if ix > 0x47000000:  # |x| > 2^14
        w = f32(logf_glibc1(t) + LN2F)
    elif ix > 0x40000000:  # 2 < |x| <= 2^14
        w = logf_glibc1(f32(f32(2.0 * t) + f32(1.0 / f32(_sqrtf(f32(f32(x * x) + 1.0)) + t))))
    else:
        q = f32(x * x)
        w = log1pf_glibc1(f32(t + f32(q / f32(1.0 + _sqrtf(f32(1.0 + q))))))
    return w if x > 0 else -w


def acoshf_glibc1(x):
    hx = bits32(x)
    if hx >= 0x80000000 or hx < 0x3F800000:  # x < 1 (and nan with the sign bit)
        return _NAN
    if hx >= 0x4D800000:  # x >= 2^28, inf, nan
        return x + x if hx >= 0x7F800000 else f32(logf_glibc1(x) + LN2F)
    if hx == 0x3F800000:
        return 0.0
    if hx > 0x40000000:  # 2 < x < 2^28
        return logf_glibc1(f32(f32(2.0 * x) - f32(1.0 / f32(x + _sqrtf(f32(f32(x * x) - 1.0))))))
    t = f32(x - 1.0)
    return log1pf_glibc1(f32(t + _sqrtf(f32(f32(2.0 * t) + f32(t * t)))))


def atanhf_glibc1(x):
    xa = abs(x)
    if xa < 0.5:
        if xa < 2.0 ** -28:
            return x
        t = f32(xa + xa)
        t = f32(0.5 * log1pf_glibc1(f32(t + f32(f32(t * xa) / f32(1.0 - xa)))))
    elif xa < 1.0:
        t = f32(0.5 * log1pf_glibc1(f32(f32(xa + xa) / f32(1.0 - xa))))
    elif xa > 1.0 or x != x:
        return _NAN
    else:
        return math.copysign(_INF, x)
    return math.copysign(t, x)


# cbrtf: a quadratic first guess on the mantissa, one Halley step in double, 2^(e/3) from a table
CBRTF_FACTOR = (1.0 / 1.5874010519681994748, 1.0 / 1.2599210498948731648, 1.0, 1.2599210498948731648,
                1.5874010519681994748)


def cbrtf_glibc1(x):
    if x == 0.0 or not math.isfinite(x):
        return x + x
    xm, xe = math.frexp(abs(x))
    u = f32(0.492659620528969547 + (0.697570460207922770 - 0.191502161678719066 * xm) * xm)
    t2 = f32(f32(u * u) * u)
    ym = f32(u * (t2 + 2.0 * xm) / (2.0 * t2 + xm) * CBRTF_FACTOR[2 + int(math.fmod(xe, 3))])  # (C's % and /)
    return math.ldexp(ym if x > 0 else -ym, int(xe / 3))


# ---- glibc atanf, atan2f, asinf, acosf (fdlibm's float code) ---------------------------------

# (the decimal constants as the compiler reads them: fdlibm's hex comments are off by one in places)
ATANF_HI = [f32(c) for c in (4.6364760399e-01, 7.8539812565e-01, 9.8279368877e-01, 1.5707962513e+00)]
ATANF_LO = [f32(c) for c in (5.0121582440e-09, 3.7748947079e-08, 3.4473217170e-08, 7.5497894159e-08)]
ATANF_ODD = [f32(c) for c in (3.3333334327e-01, 1.4285714924e-01, 9.0908870101e-02, 6.6610731184e-02, 4.9768779427e-02,
                              1.6285819933e-02)]
ATANF_EVEN = [f32(c) for c in (-2.0000000298e-01, -1.1111110449e-01, -7.6918758452e-02, -5.8335702866e-02,
                               -3.6531571299e-02)]


def atanf_glibc1(x):
    hx = bits32(x)
    ix = hx & 0x7FFFFFFF
    if ix >= 0x4c000000:  # |x| >= 2^25
        return x + x if x != x else math.copysign(f32(ATANF_HI[3] + ATANF_LO[3]), x)
    if ix < 0x3ee00000:  # |x| < 0.4375
        if ix < 0x31000000:
            return x
        i = -1
    else:
        x = abs(x)
        if ix < 0x3f300000:  # [7/16, 11/16)
            i, x = 0, f32(f32(f32(2.0 * x) - 1.0) / f32(2.0 + x))
        elif ix < 0x3f980000:  # [11/16, 19/16)
            i, x = 1, f32(f32(x - 1.0) / f32(x + 1.0))
        elif ix < 0x401c0000:  # [19/16, 39/16)
            i, x = 2, f32(f32(x - 1.5) / f32(1.0 + f32(1.5 * x)))
        else:
            i, x = 3, f32(-1.0 / x)
    z = f32(x * x)
    w = f32(z * z)
    s = f32(f32(z * _horner32(ATANF_ODD, w)) + f32(w * _horner32(ATANF_EVEN, w)))
    if i < 0:
        return f32(x - f32(x * s))
    z = f32(ATANF_HI[i] - f32(f32(f32(x * s) - ATANF_LO[i]) - x))
    return -z if hx & 0x80000000 else z


ATAN2F_PI, ATAN2F_PI_O_2, ATAN2F_PI_O_4 = _c(0x40490fdb), _c(0x3fc90fdb), _c(0x3f490fdb)
ATAN2F_PI_LO = _c(0xb3bbbd2e)


def atan2f_glibc1(y, x):
    hx, hy = bits32(x), bits32(y)
    ix, iy = hx & 0x7FFFFFFF, hy & 0x7FFFFFFF
    if x != x or y != y:
        return x + y
    if hx == 0x3f800000:
        return atanf_glibc1(y)
    m = (hy >> 31) | ((hx >> 30) & 2)  # 2 * sign(x) + sign(y)
    if iy == 0:
        return y if m < 2 else ATAN2F_PI if m == 2 else -ATAN2F_PI
    if ix == 0 or iy == 0x7f800000 and ix != 0x7f800000:
        return -ATAN2F_PI_O_2 if hy & 0x80000000 else ATAN2F_PI_O_2
    if ix == 0x7f800000:
        if iy == 0x7f800000:
            z = ATAN2F_PI_O_4 if m < 2 else f32(3.0 * ATAN2F_PI_O_4)
        else:
            z = 0.0 if m < 2 else ATAN2F_PI
        return -z if m & 1 else z
    k = (iy - ix) >> 23
    if k > 60:
        z = f32(ATAN2F_PI_O_2 + f32(0.5 * ATAN2F_PI_LO))
    elif hx & 0x80000000 and k < -60:
        z = 0.0
    else:
        z = atanf_glibc1(abs(f32(y / x)))
    if m == 0:
        return z
    if m == 1:
        return -z
    if m == 2:
        return f32(ATAN2F_PI - f32(z - ATAN2F_PI_LO))
    return f32(f32(z - ATAN2F_PI_LO) - ATAN2F_PI)


ASINF_PIO2_HI, ASINF_PIO2_LO, ASINF_PIO4_HI = f32(1.57079637050628662109375), f32(-4.37113900018624283e-8), \
    f32(0.785398185253143310546875)
ASINF_POLY = [f32(c) for c in (1.666675248e-1, 7.495297643e-2, 4.547037598e-2, 2.417951451e-2, 4.216630880e-2)]


def asinf_glibc1(x):
    hx = bits32(x)
    ix = hx & 0x7FFFFFFF
    if ix == 0x3f800000:
        return f32(f32(x * ASINF_PIO2_HI) + f32(x * ASINF_PIO2_LO))
    if ix > 0x3f800000:
        return _NAN if x == x else x
    if ix < 0x3f000000:  # |x| < 0.5
        if ix < 0x32000000:
            return x
        t = f32(x * x)
        return f32(x + f32(x * f32(t * _horner32(ASINF_POLY, t))))
    t = f32(f32(1.0 - abs(x)) * 0.5)
    p = f32(t * _horner32(ASINF_POLY, t))
    s = f32(math.sqrt(t))
    if ix >= 0x3F79999A:  # |x| > 0.975
        t = f32(ASINF_PIO2_HI - f32(f32(2.0 * f32(s + f32(s * p))) - ASINF_PIO2_LO))
    else:
        w = from_bits32(bits32(s) & 0xfffff000)
        c = f32(f32(t - f32(w * w)) / f32(s + w))
        p = f32(f32(f32(2.0 * s) * p) - f32(ASINF_PIO2_LO - f32(2.0 * c)))
        q = f32(ASINF_PIO4_HI - f32(2.0 * w))
        t = f32(ASINF_PIO4_HI - f32(p - q))
    return -t if hx & 0x80000000 else t


ACOSF_PI, ACOSF_PIO2_HI, ACOSF_PIO2_LO = _c(0x40490fda), _c(0x3fc90fda), _c(0x33a22168)
ACOSF_P = [_c(b) for b in (0x3e2aaaab, 0xbea6b090, 0x3e4e0aa8, 0xbd241146, 0x3a4f7f04, 0x3811ef08)]
ACOSF_Q = [1.0] + [_c(b) for b in (0xc019d139, 0x4001572d, 0xbf303361, 0x3d9dc62e)]


def _acosf_ratio(z):
    return f32(f32(z * _horner32(ACOSF_P, z)) / _horner32(ACOSF_Q, z))


def acosf_glibc1(x):
    hx = bits32(x)
    ix = hx & 0x7FFFFFFF
    if ix == 0x3f800000:
        return 0.0 if x > 0 else f32(ACOSF_PI + f32(2.0 * ACOSF_PIO2_LO))
    if ix > 0x3f800000:
        return _NAN if x == x else x
    if ix < 0x3f000000:  # |x| < 0.5
        if ix <= 0x32800000:
            return f32(ACOSF_PIO2_HI + ACOSF_PIO2_LO)
        r = _acosf_ratio(f32(x * x))
        return f32(ACOSF_PIO2_HI - f32(x - f32(ACOSF_PIO2_LO - f32(x * r))))
    if hx & 0x80000000:  # x < -0.5
        z = f32(f32(1.0 + x) * 0.5)
        s = f32(math.sqrt(z))
        w = f32(f32(_acosf_ratio(z) * s) - ACOSF_PIO2_LO)
        return f32(ACOSF_PI - f32(2.0 * f32(s + w)))
    z = f32(f32(1.0 - x) * 0.5)
    s = f32(math.sqrt(z))
    df = from_bits32(bits32(s) & 0xfffff000)
    c = f32(f32(z - f32(df * df)) / f32(s + df))
    w = f32(f32(_acosf_ratio(z) * s) + c)
    return f32(2.0 * f32(df + w))


# ---- glibc sinf, cosf (since 2.28) and tanf (fdlibm's kernel over their range reduction) -------
# sinf and cosf are x86-64 glibc's FMA build (what a CPU with FMA runs): GCC fused every a*b + c
# of the double-precision reduction and polynomials (fma64). tanf has no FMA build.

SINCOSF_HPI_INV = float.fromhex("0x1.45F306DC9C883p+23")  # 2/pi * 2^24
SINCOSF_HPI = float.fromhex("0x1.921FB54442D18p0")
SINCOSF_PI63 = float.fromhex("0x1.921FB54442D18p-62")
SINCOSF_COS = [float.fromhex(h) for h in ("0x1p0", "-0x1.ffffffd0c621cp-2", "0x1.55553e1068f19p-5",
                                            "-0x1.6c087e89a359dp-10", "0x1.99343027bf8c3p-16")]
SINCOSF_SIN = [float.fromhex(h) for h in ("-0x1.555545995a603p-3", "0x1.1107605230bc4p-7", "-0x1.994eb3774cf24p-13")]
INV_PIO4 = (0xa2, 0xa2f9, 0xa2f983, 0xa2f9836e, 0xf9836e4e, 0x836e4e44, 0x6e4e4415, 0x4e441529, 0x441529fc,
            0x1529fc27, 0x29fc2757, 0xfc2757d1, 0x2757d1f5, 0x57d1f534, 0xd1f534dd, 0xf534ddc0, 0x34ddc0db,
            0xddc0db62, 0xc0db6295, 0xdb629599, 0x6295993c, 0x95993c43, 0x993c4390, 0x3c439041)  # 4/pi's bits
_M64 = (1 << 64) - 1


def _abstop12(x):
    return (bits32(x) >> 20) & 0x7ff


def _reduce_fast(x, fused):
    """x - n pi/2 in [-pi/4, pi/4] for |x| < 120, and n."""
    n = (int(x * SINCOSF_HPI_INV) + 0x800000) >> 24
    return (fma64(-n, SINCOSF_HPI, x) if fused else x - n * SINCOSF_HPI), n


def _reduce_large(xi):
    """|x| mod pi/2 from 4/pi's bits (a 32x96-bit product), and the quadrant."""
    i = (xi >> 26) & 15
    m = ((xi & 0xffffff) | 0x800000) << ((xi >> 23) & 7)
    res0 = ((m * INV_PIO4[i + 8]) >> 32 | ((m * INV_PIO4[i]) & 0xFFFFFFFF) << 32) & _M64
    res0 = (res0 + m * INV_PIO4[i + 4]) & _M64
    n = ((res0 + (1 << 61)) & _M64) >> 62
    res0 = (res0 - (n << 62)) & _M64
    return (res0 - (1 << 64) if res0 >> 63 else res0) * SINCOSF_PI63, n


def _sinf_poly(x, x2, sign, odd):
    """sin(x) (odd: cos(x)) times sign, fused as glibc's FMA build."""
    if odd:
        c = SINCOSF_COS
        x4 = x2 * x2
        c2 = fma64(x2, sign * c[4], sign * c[3])
        return f32(fma64(x4 * x2, c2, fma64(x4, sign * c[2], fma64(x2, sign * c[1], sign * c[0]))))
    x3 = x * x2
    s1 = fma64(x2, SINCOSF_SIN[2], SINCOSF_SIN[1])
    return f32(fma64(x3 * x2, s1, fma64(x3, SINCOSF_SIN[0], x)))


def _sincosf(y, odd):
    top = _abstop12(y)
    if top < 0x3f4:  # |y| < pi/4 (its top bits)
        if top < 0x398:  # |y| < 2^-12
            return 1.0 if odd else y
        return _sinf_poly(y, y * y, 1.0, odd)
    if top < 0x42f:  # |y| < 120
        x, n = _reduce_fast(y, True)
        q = n
    elif top < 0x7f8:  # (the quadrant of |y|; the signs take y's into account)
        x, n = _reduce_large(bits32(y))
        q = n + (bits32(y) >> 31)
    else:
        return _NAN
    sign = -1.0 if (q + 1) & 2 else 1.0  # the sine's sign in quadrant q & 3
    return _sinf_poly(x * sign, x * x, -1.0 if q & 2 else 1.0, (n + odd) & 1)


def sinf_glibc1(x):
    return _sincosf(x, 0)


def cosf_glibc1(x):
    return _sincosf(x, 1)


TANF_PIO4, TANF_PIO4LO = f32(7.8539812565e-01), f32(3.7748947079e-08)
TANF_ODD = [f32(c) for c in (1.3333334029e-01, 2.1869488060e-02, 3.5920790397e-03, 5.8804126456e-04, 7.8179444245e-05,
                             -1.8558637748e-05)]  # T[1], T[3], ... T[11]
TANF_EVEN = [f32(c) for c in (5.3968254477e-02, 8.8632395491e-03, 1.4562094584e-03, 2.4646313977e-04, 7.1407252108e-05,
                              2.5907305826e-05)]  # T[2], T[4], ... T[12]
TANF_T0 = f32(3.3333334327e-01)


def _kernel_tanf(x, y, iy):
    """tan(x + y) (iy = 1) or -1/tan(x + y) (iy = -1) for |x + y| <= pi/4, in float32."""
    hx = bits32(x)
    ix = hx & 0x7FFFFFFF
    negative = hx >> 31
    if ix < 0x39000000:  # |x| < 2^-13
        if ix == 0 and iy == -1:
            return f32(1.0 / abs(x))
        return x if iy == 1 else f32(-1.0 / x)
    big = ix >= 0x3f2ca140  # |x| >= 0.6744: tan(pi/4 - |x|)
    if big:
        if negative:
            x, y = -x, -y
        x = f32(f32(TANF_PIO4 - x) + f32(TANF_PIO4LO - y))
        y = 0.0
        if abs(x) < 2.0 ** -13:
            return (-1 if negative else 1) * iy * f32(1.0 - f32(2 * iy * x))
    z = f32(x * x)
    w = f32(z * z)
    r = _horner32(TANF_ODD, w)
    v = f32(z * _horner32(TANF_EVEN, w))
    s = f32(z * x)
    r = f32(y + f32(z * f32(f32(s * f32(r + v)) + y)))
    r = f32(r + f32(TANF_T0 * s))
    w = f32(x + r)
    if big:
        v = float(iy)
        t = f32(v - f32(2.0 * f32(x - f32(f32(f32(w * w) / f32(w + v)) - r))))
        return -t if negative else t
    if iy == 1:
        return w
    z = from_bits32(bits32(w) & 0xfffff000)  # -1/(x + r) accurately
    v = f32(r - f32(z - x))
    a = f32(-1.0 / w)
    t = from_bits32(bits32(a) & 0xfffff000)
    s = f32(1.0 + f32(t * z))
    return f32(t + f32(a * f32(s + f32(t * v))))


def tanf_glibc1(x):
    ix = bits32(x) & 0x7FFFFFFF
    if ix <= 0x3f490fda:
        return _kernel_tanf(x, 0.0, 1)
    if ix >= 0x7f800000:
        return _NAN
    if _abstop12(x) < 0x42f:
        dx, n = _reduce_fast(x, False)
    else:
        dx, n = _reduce_large(bits32(x))
        dx = -dx if x < 0 else dx
    y0 = f32(dx)
    return _kernel_tanf(y0, f32(dx - y0), 1 - ((n & 1) << 1))

ERF_EFX = _c(0x3e0375d4)
ERF_ERX = _c(0x3f58560b)
ERF_PP = [_c(b) for b in (0x3e0375d4, 0xbea66beb, 0xbce9528f, 0xbbbd1489, 0xb7c756b1)]
ERF_QQ = [1.0] + [_c(b) for b in (0x3ecbbbce, 0x3d852a63, 0x3ba68116, 0x390aee49, 0xb684e21a)]
ERF_PA = [_c(b) for b in (0xbb1acdc6, 0x3ed46805, 0xbebe9208, 0x3ea2fe54, 0xbde31cc2, 0x3d1151b3, 0xbb0df9c0)]
ERF_QA = [1.0] + [_c(b) for b in (0x3dd9f331, 0x3f0a5785, 0x3d931ae7, 0x3e013307, 0x3c5f6e13, 0x3c445aa3)]
ERF_RA = [_c(b) for b in (0xbc21a093, 0xbf31a0b7, 0xc128f022, 0xc2798057, 0xc322658c, 0xc3389ae7, 0xc2a2932b,
                          0xc11d077e)]
ERF_SA = [1.0] + [_c(b) for b in (0x419d35ce, 0x4309a863, 0x43d9486f, 0x442158c9, 0x43d6810b, 0x42d9451f,
                                  0x40d23f7c, 0xbd777f97)]
ERF_RB = [_c(b) for b in (0xbc21a092, 0xbf4c9dd4, 0xc18e104b, 0xc320a2ea, 0xc41f6441, 0xc480230b, 0xc3f1c275)]
ERF_SB = [1.0] + [_c(b) for b in (0x41f2b459, 0x43a2e571, 0x44c01759, 0x4547fdbb, 0x451f90ce, 0x43ed43a7,
                                  0xc1b38712)]


def erff_glibc1(x):
    ix = bits32(x) & 0x7FFFFFFF
    if ix >= 0x7f800000:
        return x if x != x else math.copysign(1.0, x)
    if ix < 0x3f580000:  # |x| < 0.84375
        if ix < 0x31800000:  # |x| < 2**-28
            if ix < 0x04000000:
                return f32(0.0625 * f32(f32(16.0 * x) + f32(f32(16.0 * ERF_EFX) * x)))
            return f32(x + f32(ERF_EFX * x))
        z = f32(x * x)
        y = f32(_horner32(ERF_PP, z) / _horner32(ERF_QQ, z))
        return f32(x + f32(x * y))
    if ix < 0x3fa00000:  # |x| < 1.25
        s = f32(abs(x) - 1.0)
        return math.copysign(f32(ERF_ERX + f32(_horner32(ERF_PA, s) / _horner32(ERF_QA, s))), x)
    if ix >= 0x40c00000:  # |x| >= 6
        return math.copysign(1.0, x)
    ax = abs(x)
    s = f32(1.0 / f32(ax * ax))
    r, q = (ERF_RA, ERF_SA) if ix < 0x4036DB6E else (ERF_RB, ERF_SB)  # |x| < 1/0.35
    z = from_bits32(bits32(ax) & 0xfffff000)
    e = f32(expf_glibc1(f32(f32(-z * z) - 0.5625)) * expf_glibc1(f32(f32(f32(z - ax) * f32(z + ax))
                                                                       + f32(_horner32(r, s) / _horner32(q, s)))))
    return math.copysign(f32(1.0 - f32(e / ax)), x)


# ---- SLEEF tanhf (u10, FMA build): double-float arithmetic, each part a float32 ---------------
# GELU's (approximate="tanh") vector body calls it. A pair (h, l) stands for h + l.

TANH_R_LN2 = f32(1.442695040888963407359924681001892137426645954152985934135449406931)
TANH_L2U = f32(0.693145751953125)
TANH_L2L = f32(1.428606765330187045e-06)
TANH_EXP_POLY = [f32(v) for v in (0.1980960224e-3, 0.1394256484e-2, 0.8333456703e-2, 0.4166637361e-1)]
TANH_C6 = f32(0.166666659414234244790680580464)
TANH_ONE_BOUND = f32(8.664339742)


def _df_add2(xh, xl, y):
    """(xh, xl) + y, exact two-sum of the heads."""
    s = f32(xh + y)
    v = f32(s - xh)
    return s, f32(f32(f32(xh - f32(s - v)) + f32(y - v)) + xl)


def _df_mul(xh, xl, yh, yl=0.0):
    p = f32(xh * yh)
    return p, fma32(xh, yl, fma32(xl, yh, fma32(xh, yh, -p)))


def _ldexp2_32(d, q):
    half = q >> 1
    return f32(f32(d * 2.0 ** half) * 2.0 ** (q - half))


def tanhf_sleef1(x):
    if x != x:
        return x
    y = abs(x)
    if y > TANH_ONE_BOUND:
        return math.copysign(1.0, x)
    q = round(f32(y * TANH_R_LN2))  # expk2f: e^y as a double-float
    sh, sl = _df_add2(y, 0.0, f32(q * -TANH_L2U))
    sh, sl = _df_add2(sh, sl, f32(q * -TANH_L2L))
    u = TANH_EXP_POLY[0]
    for coef in TANH_EXP_POLY[1:]:
        u = fma32(u, sh, coef)
    th, tl = _df_add2(*_df_mul(sh, sl, u), TANH_C6)
    th, tl = _df_add2(*_df_mul(sh, sl, th, tl), 0.5)
    qh = f32(sh * sh)
    ql = fma32(f32(sh + sh), sl, fma32(sh, sh, -qh))
    ph, pl = _df_mul(qh, ql, th, tl)
    s = f32(sh + ph)
    v = f32(s - sh)
    th, tl = s, f32(f32(f32(sh - f32(s - v)) + f32(ph - v)) + f32(sl + pl))
    s = f32(1.0 + th)
    dh, dl = _ldexp2_32(s, q), _ldexp2_32(f32(f32(f32(1.0 - s) + th) + tl), q)
    eh = f32(1.0 / dh)  # (d - 1/d) / (d + 1/d)
    el = f32(eh * fma32(-dl, eh, fma32(-dh, eh, 1.0)))
    nh = f32(dh - eh)
    nl = f32(f32(f32(f32(dh - nh) - eh) + dl) - el)
    ah = f32(dh + eh)
    al = f32(f32(f32(f32(dh - ah) + eh) + dl) + el)
    t = f32(1.0 / ah)
    qx = f32(nh * t)
    qy = fma32(qx, fma32(-al, t, fma32(-ah, t, 1.0)), fma32(nl, t, fma32(t, nh, -qx)))
    r = f32(qx + qy)
    return math.copysign(r if r == r else 1.0, x)


# ---- oneDNN's GELU (eltwise_gelu_erf on avx512_core), which torch calls for contiguous float32 ----
# Forward: erf(x/sqrt(2)) as a degree-5 minimax polynomial in |x|, one of 25 picked by the
# exponent and two mantissa bits of |x|. Backward: Abramowitz-Stegun's erf with oneDNN's exp.

GELU_ERF_POLY = [[_c(int(h, 16)) for h in row.split()] for row in (  # degree 0 .. 5, polynomial 0 .. 24
    "a6f2cb94 32827792 3381cc0c 34523d4a 351ac44d 35f36d88 36ee8229 37b8a3bb 3867a213 3940033b 3a2a5a1d "
    "3ae35863 3b7828f2 3c08b14b 3c515ed3 bb503236 bd8d8e5e be8abcd9 bf0c19a2 beccb328 3e176ced 3f470d99 "
    "3f7abb28 3f800000 0",
    "3f4c422a 3f4c421f 3f4c4207 3f4c41cb 3f4c413b 3f4c3fad 3f4c3a2f 3f4c2d40 3f4c146a 3f4bc341 3f4ad08c "
    "3f48f8cf 3f45fac7 3f404e07 3f3b980f 3f48dff3 3f78b21b 3fbb0704 40019c32 3fe536d6 3f81331e 3e6c8684 "
    "3c98f936 0 3f800000",
    "b62173f4 3735e4cf 37f2ff89 388c23be 3917535c 39ab2ab0 3a60fadb 3af9b960 3b6e5491 3c0a4ec5 3ca5aa8c "
    "3d2138d9 3d8737d4 3ddfb660 3e0f27ab 3d94004b be0efdeb bf1d96c3 bf89db58 bf6d9897 bef69fb8 bdc4f8a8 "
    "bbde6422 0 0",
    "be081a19 be084570 be08639b be089837 be08f409 be09ab95 be0b66d0 be0e400a be124df8 be1bde02 be2f19c9 "
    "be4931bf be685fbc be89c95f be96cbca be8044aa be0550f2 3dcfd6a1 3e94c826 3e79345f 3decec91 3ca46568 "
    "3aa1e00a 0 0",
    "ba3d61db 39f097a3 3a5845dc 3ab1fa35 3b0cefb8 3b653ab6 3bcae527 3c221712 3c6c5840 3cc0a703 3d1dcc19 "
    "3d63656d 3d955907 3dbf9910 3dd53f69 3db7dcef 3d639ebe ba6ede48 bd22be69 bd041cf1 bc64f5ab bb097a32 "
    "b8ebf380 0 0",
    "3cb7d80c 3c9b6050 3c978d11 3c92e850 3c8d058b 3c848454 3c6cd623 3c4c824b 3c2a7935 3be0b390 3b0651ac "
    "bb232f53 bbd42fa0 bc2c5366 bc492c9e bc2a7aa6 bbd55d04 ba823a76 3b102aa8 3ae25a7e 3a31f792 38b84375 "
    "3689bb5a 0 0")]
GELU_ERF_IDX_BIAS = 0xc21fffff
GELU_ERF_RBOUND = _c(0x40b15cee)  # above it erf is 1 (polynomial 23)


def gelu_erf_index(ax):
    """Which of the 25 polynomials evaluates erf at |x| = ax."""
    if GELU_ERF_RBOUND < ax:
        return 23
    i = (bits32(ax) + GELU_ERF_IDX_BIAS) & 0xFFFFFFFF
    i = (i - (1 << 32) if i & 0x80000000 else i) >> 21
    return min(max(i, 1), 24)


def _xor_sign(v, x):
    """v with its sign flipped where x's sign bit is set (vxorps with x's sign)."""
    return -v if math.copysign(1.0, x) < 0 else v


def gelu_onednn1(x):
    ax = abs(x)
    coefs = [row[gelu_erf_index(ax)] for row in GELU_ERF_POLY]
    p = coefs[5]
    for coef in reversed(coefs[:5]):
        p = fma32(p, ax, coef)
    return f32(f32(x * f32(_xor_sign(p, x) + 1.0)) * 0.5)


ONEDNN_EXP_POLY = [_c(b) for b in (0x3f7ffffb, 0x3efffee3, 0x3e2aad40, 0x3d2b9d0d, 0x3c07cfce)]
ONEDNN_LN_FLT_MAX = _c(0x42b17218)
ONEDNN_LN_FLT_MIN = _c(0xc2aeac50)
ONEDNN_LN2 = _c(0x3f317218)
AS_ERF_P = _c(0x3ea7ba05)  # Abramowitz-Stegun 7.1.26: 0.3275911 and the polynomial
AS_ERF_POLY = [_c(b) for b in (0x3e827906, 0xbe91a98e, 0x3fb5f0e3, 0xbfba00e3, 0x3f87dc22)]
INV_SQRT2_F = _c(0x3f3504f3)
INV_SQRTPI_F = _c(0x3f106eba)


def expf_onednn1(x):
    if x < ONEDNN_LN_FLT_MIN:
        return 0.0
    x = x if x < ONEDNN_LN_FLT_MAX else ONEDNN_LN_FLT_MAX  # vminps/vmaxps: NaN gives the bound
    x = x if x > ONEDNN_LN_FLT_MIN else ONEDNN_LN_FLT_MIN
    n = math.floor(f32(f32(x * LOG2E_F) + 0.5))
    r = fma32(-n, ONEDNN_LN2, x)
    p = ONEDNN_EXP_POLY[4]
    for coef in (ONEDNN_EXP_POLY[3], ONEDNN_EXP_POLY[2], ONEDNN_EXP_POLY[1], ONEDNN_EXP_POLY[0], 1.0):
        p = fma32(p, r, coef)
    # 2^(n-1) built from its exponent field, which is 0 (the value 0) for n - 1 = -127
    return f32(f32(p * (2.0 ** (n - 1) if n > -126 else 0.0)) * 2.0)


def gelu_onednn_derivative1(x):
    """d gelu / dx as oneDNN's backward computes it: 0.5 + x/sqrt(2pi) e^(-x^2/2) + 0.5 erf(x/sqrt 2)."""
    r = f32(x * INV_SQRT2_F)
    q = expf_onednn1(-f32(r * r))
    t = f32(f32(r * INV_SQRTPI_F) * q)
    w = f32(1.0 / fma32(AS_ERF_P, abs(r), 1.0))
    p = AS_ERF_POLY[4]
    for coef in reversed(AS_ERF_POLY[:4]):
        p = fma32(p, w, coef)
    erf = _xor_sign(fma32(f32(-q * w), p, 1.0), r)
    return fma32(erf, 0.5, f32(t + 0.5))


# ---- GELU's element formulas (torch.nn.functional.gelu and gelu_backward on float32) -----------
# Contiguous float32 input of 2+ elements with approximate="none" goes to oneDNN (its minimax
# erf forward, its Abramowitz-Stegun backward: ``gelu_onednn1``); everything else to
# ATen's kernel: vector body and scalar tail as ``vector_runs`` splits them, the scalar tail
# calling glibc's erff/tanhf/expf and the vector body SLEEF's tanhf/expf and ATen's own erf.
# Where these formulas fuse a multiply and an add, the compiler did (GCC contracts a*b + c).

M_SQRT2 = 1.41421356237309504880
M_2_SQRTPI = 1.12837916709551257390
M_SQRT1_2 = 0.70710678118654752440
GELU_ALPHA = f32(M_SQRT1_2)
GELU_BETA = f32(M_SQRT2 * M_2_SQRTPI * 0.5)
GELU_KAPPA = f32(0.044715)
GELU_THREE_KAPPA = f32(3.0 * GELU_KAPPA)
GELU_PDF = f32(M_2_SQRTPI * M_SQRT1_2 * 0.5)
GELU_MIN_ELEMENTS_FOR_MULTI_THREADING = 16384


def gelu_runs(n, row, forward):
    """vector_runs for GELU: its forward sets a grain of n / threads above 16384 elements."""
    grain = n // NUM_THREADS if forward and n > GELU_MIN_ELEMENTS_FOR_MULTI_THREADING else GRAIN_SIZE
    return vector_runs(n, row, grain)


def erf_vec1(v):
    """ATen's Vectorized<float>::erf: Abramowitz-Stegun 7.1.26 with SLEEF's expf."""
    t = f32(1.0 / fma32(AS_ERF_P, abs(v), 1.0))
    p = AS_ERF_POLY[4]
    for coef in reversed(AS_ERF_POLY[:4]):
        p = fma32(p, t, coef)
    e = expf_sleef1(-f32(v * v))
    return _xor_sign(fma32(f32(-e * t), p, 1.0), v)


def _gelu_tanh_inner(x):
    return f32(GELU_BETA * fma32(GELU_KAPPA, f32(f32(x * x) * x), x))


def _gelu_none(x, erf):
    return f32(f32(x * 0.5) * f32(1.0 + erf(f32(x * GELU_ALPHA))))


def _gelu_tanh(x, tanh):
    return f32(f32(0.5 * x) * f32(1.0 + tanh(_gelu_tanh_inner(x))))


def _gelu_none_grad_vec(g, x):
    cdf = f32(0.5 * f32(1.0 + erf_vec1(f32(x * GELU_ALPHA))))
    return f32(g * fma32(x, f32(GELU_PDF * expf_sleef1(f32(f32(x * x) * -0.5))), cdf))


def _gelu_none_grad_scalar(g, x):
    cdf = f32(0.5 * f32(1.0 + erff_glibc1(f32(x * GELU_ALPHA))))
    pdf = f32(GELU_PDF * expf_glibc1(f32(f32(x * x) * -0.5)))
    return f32(g * f32(cdf + f32(x * pdf)))


def _gelu_tanh_grad(g, x, tanh):
    t = tanh(_gelu_tanh_inner(x))
    left_derivative = f32(0.5 * f32(1.0 + t))
    inner_derivative = f32(GELU_BETA * fma32(GELU_THREE_KAPPA, f32(x * x), 1.0))
    right_derivative = f32(f32(f32(0.5 * x) * fma32(-t, t, 1.0)) * inner_derivative)
    return f32(g * f32(left_derivative + right_derivative))


GELU_FORMULAS = {  # (approximate, forward): (vector formula, scalar formula), on elements
    ("none", True): (partial(_gelu_none, erf=erf_vec1), partial(_gelu_none, erf=erff_glibc1)),
    ("tanh", True): (partial(_gelu_tanh, tanh=tanhf_sleef1), partial(_gelu_tanh, tanh=tanhf_glibc1)),
    ("none", False): (_gelu_none_grad_vec, _gelu_none_grad_scalar),
    ("tanh", False): (partial(_gelu_tanh_grad, tanh=tanhf_sleef1),
                      partial(_gelu_tanh_grad, tanh=tanhf_glibc1)),
}


def uses_onednn(approximate, contiguous, numel):
    """Whether torch hands GELU (float32) to oneDNN: PyTorch's use_mkldnn and approximate="none"."""
    return approximate == "none" and contiguous and numel > 1


# What kernels/kernels.c's gelu_f32 reads (the module owns no data): oneDNN's coefficients
# (degree-major), then glibc erff's polynomials pp, qq, pa, qa, ra, sa, rb, sb.
GELU_KERNEL_TABLE = [c for row in GELU_ERF_POLY for c in row] + ERF_PP + ERF_QQ + ERF_PA + ERF_QA + ERF_RA + ERF_SA \
    + ERF_RB + ERF_SB


# What kernels/kernels.c's glibc_math_f32 reads (the browser numpy's float32 expm1, sinh, cosh, tan,
# arctan, arcsin, exp2, log2, log10, log1p, arcsinh, arccosh, arctanh; glibc_powf_f32 its power): tables and float64
# coefficients (its T_* layout), then float32 coefficients (its P_* layout).
KERNEL_TABLES = array("d", EXP2_TABLE + [v for entry in LOGF_TABLE for v in entry] + [logc for _, logc in LOG2F_TABLE]
                      + list(INV_PIO4) + EXP2F_POLY + LOG2F_POLY + LOGF_POLY + POWF_POLY)
KERNEL_POLYS = array("f", ATANF_HI + ATANF_LO + ATANF_ODD + ATANF_EVEN + TANF_ODD + TANF_EVEN + LOG1P_POLY + ASINF_POLY)

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
