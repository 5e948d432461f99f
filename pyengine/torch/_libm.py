# Derived from glibc (LGPL-2.1+), fdlibm (Sun), musl/Arm (MIT) (which makes this file LGPL-2.1+ as a whole);
# notices: licenses/glibc.txt, licenses/fdlibm.txt, licenses/musl.txt
"""glibc's float64 libm functions, for the float64 samplers, the LR schedulers and the browser's numpy.

PyTorch's and numpy's reference outputs come from glibc (2.36, x86-64, a CPU with FMA); Pyodide's
libm (musl) differs in the last bit for some inputs (its log on ~0.01% of (0, 1), exp ~0.06%, pow
~0.1%, tan ~4%, acos ~8%, cbrt ~46%). On glibc, ``math`` is used as is. Elsewhere the ``glibc_``
functions below are glibc's algorithms, bit for bit, as x86-64 glibc runs them: sin, cos, log,
log1p, exp, pow, expm1, tan, atan, atan2, asin, acos in the builds its ifunc picks on a CPU with
FMA (the tables of log, exp, pow, atan, asin and tan in ``_libm_data``), cbrt, log10, sinh, cosh,
asinh, acosh, atanh built without.
hypot is glibc's algorithm everywhere: CPython's math.hypot is its own, and differs from glibc's
on ~0.6% of inputs. The browser's numpy runs exp, log, log1p, sin, cos and pow on arrays in wasm
(kernels/kernels.c's glibc_math_f64, glibc_pow_f64: these algorithms step for step, every fused
step on an exact fma emulation, the same bits; the elements they leave come back here).
"""
import math
import os
import struct
import sys
from array import array

from . import _libm_data
from ._float32 import fma64_finite

_pack_d, _unpack_d = struct.Struct("<d").pack, struct.Struct("<d").unpack
_pack_q, _unpack_q = struct.Struct("<Q").pack, struct.Struct("<Q").unpack


# glibc's sin and cos (sysdeps/ieee754/dbl-64/s_sin.c, IBM's Accurate Mathematical Library) as
# x86-64 glibc runs them on a CPU with FMA and AVX2: its ifunc picks the build compiled with
# -mfma -mavx2, where GCC fused the products and sums written _fma below; the large-argument
# reduction (branred.c) is compiled without FMA. sin(x0 + x) for x0 a multiple of 1/128 in
# [0, 0.86] is sin x0 cos x + cos x0 sin x, sin x0 and cos x0 from a double-double table, sin x
# and cos x from short polynomials; |x| < 0.126 is a Taylor polynomial alone.
_fma = fma64_finite
_BIG = 52776558133248.0  # 1.5 * 2**45: |x| + _BIG rounds |x| to a multiple of 1/128
_S1, _S2, _S3, _S4, _S5 = map(float.fromhex, (
    "-0x1.5555555555555p-3", "0x1.1111111110ECEp-7", "-0x1.A01A019DB08B8p-13", "0x1.71DE27B9A7ED9p-19",
    "-0x1.ADDFFC2FCDF59p-26"))
_SN3, _SN5 = -1.66666666666664880952546298448555E-01, 8.33333214285722277379541354343671E-03
_CS2, _CS4, _CS6 = 0.5, -4.16666666666664434524222570944589E-02, 1.38888874007937613028114285595617E-03
_HP0, _HP1 = float.fromhex("0x1.921FB54442D18p0"), float.fromhex("0x1.1A62633145C07p-54")  # pi/2 = _HP0 + _HP1
# pi/2 in pieces short enough that xn * piece is exact (xn < 2**27): _MP1 + _MP2, _PP3 + _PP4 beyond them
_MP1, _MP2 = float.fromhex("0x1.921FB58000000p0"), float.fromhex("-0x1.DDE973C000000p-27")
_PP3, _PP4 = float.fromhex("-0x1.CB3B398000000p-55"), float.fromhex("-0x1.d747f23e32ed7p-83")
_HPINV, _TOINT = float.fromhex("0x1.45F306DC9C883p-1"), 6755399441055744.0  # 2/pi; 1.5 * 2**52
# the bounds of glibc's ranges (it compares the high words of |x|: each bound's low word is 0)
_TINY_SIN, _TINY_COS = 2.0 ** -26, 2.0 ** -27
_SMALL, _MEDIUM, _REDUCE = float.fromhex("0x1.b6p-1"), float.fromhex("0x1.368fdp1"), float.fromhex("0x1.921fbp26")


def _fixed_sin_cos(num, den, bits):
    """sin and cos of num/den in [0, 1], in fixed point with `bits` fraction bits (error a few units)."""
    r = (num << bits) // den
    r2 = (r * r) >> bits
    sin = term = r
    i = 1
    while term:
        term = -((term * r2) >> bits) // ((2 * i) * (2 * i + 1))
        sin += term
        i += 1
    cos = term = 1 << bits
    i = 1
    while term:
        term = -((term * r2) >> bits) // ((2 * i - 1) * (2 * i))
        cos += term
        i += 1
    return sin, cos


def _double_double(value, bits):
    """value / 2**bits as a double and the double nearest what is left (int true division rounds once)."""
    high = value / (1 << bits)
    num, den = high.as_integer_ratio()
    return high, (value * den - (num << bits)) / (den << bits)


def _sincos_table():
    """(sin x0, its remainder, cos x0, its remainder) for x0 = i/128, i = 0..109. glibc's table holds
    the nearest doubles, but 18 of its remainders were computed to ~110 bits and are off by the
    units in the last place below (kept: the table is glibc's, entry for entry, though no result
    among 40 million random arguments depends on them)."""
    bits = 300  # the rotations below add a few units of 2**-bits a step, far below what a remainder holds
    step_sin, step_cos = _fixed_sin_cos(1, 128, bits)
    sin, cos = 0, 1 << bits
    table = []
    for _ in range(110):  # (cos + i sin) turned by 1/128 at a time: ~20 times faster than a series each
        table.append([*_double_double(sin, bits), *_double_double(cos, bits)])
        sin, cos = (sin * step_cos + cos * step_sin) >> bits, (cos * step_cos - sin * step_sin) >> bits
    for (i, part), ulps in {(2, 1): -1, (10, 1): -1, (23, 1): -39, (26, 3): 1, (27, 1): -1, (33, 1): -1,
                            (34, 1): -1, (36, 1): 1, (40, 1): -2, (44, 3): -1, (70, 3): 1, (75, 1): -1,
                            (75, 3): 2, (79, 3): 1, (85, 1): -1, (90, 1): -2, (94, 1): 1, (107, 1): 1}.items():
        table[i][part] += ulps * math.ulp(table[i][part])
    return [tuple(entry) for entry in table]


_SINCOS = _sincos_table()


def _sin_small(x, dx):
    """sin(x + dx), |x| <= 0.86 or so, |dx| tiny."""
    if abs(x) < 0.126:
        xx = x * x
        p = _fma(xx, _fma(xx, _fma(xx, _fma(xx, _S5, _S4), _S3), _S2), _S1)
        return x + _fma(xx, _fma(p, x, -0.5 * dx), dx)
    sign = x
    if x <= 0:
        dx = -dx
    x = abs(x)
    x0 = (x + _BIG) - _BIG
    sn, ssn, cs, ccs = _SINCOS[int(x0 * 128)]
    x -= x0
    xx = x * x
    s = x + _fma(x * xx, _fma(xx, _SN5, _SN3), dx)
    c = _fma(x, dx, xx * _fma(xx, _fma(xx, _CS6, _CS4), _CS2))
    return math.copysign(sn + _fma(s, cs, _fma(-c, sn, _fma(s, ccs, ssn))), sign)


def _cos_small(x, dx):
    """cos(x + dx), |x| <= 0.86 or so, |dx| tiny."""
    if x < 0:
        dx = -dx
    x = abs(x)
    x0 = (x + _BIG) - _BIG
    sn, ssn, cs, ccs = _SINCOS[int(x0 * 128)]
    x = (x - x0) + dx
    xx = x * x
    s = _fma(x * xx, _fma(xx, _SN5, _SN3), x)
    c = xx * _fma(xx, _fma(xx, _CS6, _CS4), _CS2)
    return cs + _fma(-s, sn, _fma(-c, cs, _fma(-s, ssn, ccs)))


def _reduce(x):
    """(n, a, da): x = n * pi/2 + a + da, |a| <= pi/4 about, for |x| < _REDUCE."""
    t = _fma(x, _HPINV, _TOINT)
    xn = t - _TOINT
    y = _fma(-xn, _MP2, _fma(-xn, _MP1, x))
    t2 = _fma(-xn, _PP3, y)
    da = _fma(-xn, _PP3, y - t2)
    a = _fma(-xn, _PP4, t2)
    return int(xn) & 3, a, da + _fma(-xn, _PP4, t2 - a)


def _two_over_pi_digits(count):
    """2/pi's first `count` base-2**24 digits after the point (pi by Machin's formula in integers)."""
    bits = 24 * count + 32

    def atan_inverse(n):  # atan(1/n) * 2**bits
        total = term = (1 << bits) // n
        k, sign = 1, -1
        while term:
            term //= n * n
            total += sign * (term // (2 * k + 1))
            k, sign = k + 1, -sign
        return total
    two_over_pi = (2 << (2 * bits)) // (16 * atan_inverse(5) - 4 * atan_inverse(239))
    return [float((two_over_pi >> (bits - 24 * (i + 1))) & 0xFFFFFF) for i in range(count)]


_TWO_OVER_PI = _two_over_pi_digits(75)
_SPLIT = 134217729.0  # 2**27 + 1: x * _SPLIT splits x into two 26-bit halves
_BIG52, _BIG54 = 6755399441055744.0, 27021597764222976.0  # 1.5 * 2**52, 1.5 * 2**54
_BR_MP1, _BR_MP2 = float.fromhex("0x1.921FB58000000p0"), float.fromhex("-0x1.DDE974p-27")


def _reduce_part(x):
    """x * 2/pi (x one half of the argument, scaled by 2**-600) as an integer part mod 4 and a
    double-double fraction: x times six 24-bit digits of 2/pi from the one x's exponent needs."""
    k = max(0, ((_unpack_q(_pack_d(x))[0] >> 52 & 2047) - 450) // 24)
    scale = 2.0 ** (576 - 24 * k)
    r = []
    for digit in _TWO_OVER_PI[k:k + 6]:
        r.append(x * digit * scale)
        scale *= 2.0 ** -24
    whole = 0.0
    for i in range(3):
        s = (r[i] + _BIG52) - _BIG52
        whole += s
        r[i] -= s
    t = 0.0
    for v in reversed(r):
        t += v
    low = (((((r[0] - t) + r[1]) + r[2]) + r[3]) + r[4]) + r[5]
    s = (t + _BIG52) - _BIG52
    whole += s
    t -= s
    high = t + low
    low = (t - high) + low
    return whole - ((whole + _BIG54) - _BIG54), high, low


def _reduce_large(x):
    """(n, a, da) as _reduce, for |x| >= _REDUCE (glibc's branred, compiled without FMA)."""
    x *= 2.0 ** -600
    t = x * _SPLIT
    x1 = t - (t - x)
    whole1, b1, bb1 = _reduce_part(x1)
    whole2, b2, bb2 = _reduce_part(x - x1)
    whole = whole1 + whole2
    b = b1 + b2
    bb = (b1 - b) + b2 if abs(b1) > abs(b2) else (b2 - b) + b1
    if b > 0.5:
        b -= 1.0
        whole += 1.0
    elif b < -0.5:
        b += 1.0
        whole -= 1.0
    s = b + (bb + bb1 + bb2)
    t = ((b - s) + bb) + (bb1 + bb2)
    b = s * _SPLIT
    t1 = b - (b - s)
    t2 = s - t1
    b = s * _HP0
    bb = (((t1 * _BR_MP1 - b) + t1 * _BR_MP2) + t2 * _BR_MP1) + (t2 * _BR_MP2 + s * _HP1 + t * _HP0)
    s = b + bb
    return int(whole) & 3, s, (b - s) + bb


def _quadrant(n, a, da):
    """sin(a + da + n * pi/2)."""
    value = _cos_small(a, da) if n & 1 else _sin_small(a, da)
    return -value if n & 2 else value


def glibc_sin(x):
    """glibc's sin(x), bit for bit (inf raises ValueError as math.sin does)."""
    ax = abs(x)
    if ax < _TINY_SIN:
        return x
    if ax < _SMALL:
        return _sin_small(x, 0.0)
    if ax < _MEDIUM:
        return math.copysign(_cos_small(_HP0 - ax, _HP1), x)
    if ax < _REDUCE:
        return _quadrant(*_reduce(x))
    if ax < math.inf:
        return _quadrant(*_reduce_large(x))
    return math.sin(x)  # inf: ValueError, as math.sin; nan: nan


def glibc_cos(x):
    """glibc's cos(x), bit for bit (inf raises ValueError as math.cos does)."""
    ax = abs(x)
    if ax < _TINY_COS:
        return 1.0
    if ax < _SMALL:
        return _cos_small(x, 0.0)
    if ax < _MEDIUM:
        y = _HP0 - ax
        a = y + _HP1
        return _sin_small(a, (y - a) + _HP1)
    if ax < _REDUCE:
        n, a, da = _reduce(x)
        return _quadrant(n + 1, a, da)
    if ax < math.inf:
        n, a, da = _reduce_large(x)
        return _quadrant(n + 1, a, da)
    return math.cos(x)


# glibc's log (sysdeps/ieee754/dbl-64/e_log.c, since 2.28: ARM's optimized-routines, as musl's)
# as x86-64 glibc runs it on a CPU with FMA: the build compiled with -mfma -mavx2, where
# r = fma(z, invc, -1) and GCC fused the products and sums written _fma below. x = 2**k z with z in
# [0x1.6p-1, 0x1.6p0), c near z from a 128-entry table: log x = k ln2 + log c + log1p(z/c - 1);
# near 1 a polynomial in x - 1 alone. musl (Pyodide) takes the build without FMA: other last bits.
_LOG_A0, _LOG_A1, _LOG_A2, _LOG_A3, _LOG_A4 = _libm_data.POLY
(_LOG_B0, _LOG_B1, _LOG_B2, _LOG_B3, _LOG_B4, _LOG_B5, _LOG_B6, _LOG_B7, _LOG_B8, _LOG_B9,
 _LOG_B10) = _libm_data.POLY1
_LOG_TAB = _libm_data.INVC_LOGC
_LOG_LN2_HI, _LOG_LN2_LO = _libm_data.LN2_HI, _libm_data.LN2_LO
_LOG_NEAR_ONE, _LOG_NEAR_ONE_END = 1.0 - 2.0 ** -4, 1.0 + float.fromhex("0x1.09p-4")  # the polynomial's x
_LOG_OFF = 0x3FE6000000000000  # the bits of 0x1.6p-1


def glibc_log(x):
    """glibc's log(x), bit for bit (0 and negative numbers raise ValueError as math.log does)."""
    if _LOG_NEAR_ONE <= x < _LOG_NEAR_ONE_END:
        if x == 1.0:
            return 0.0
        r = x - 1.0
        r2 = r * r
        r3 = r * r2
        p = _fma(r3, _fma(r3, _fma(r3, _LOG_B10, _fma(r2, _LOG_B9, _fma(r, _LOG_B8, _LOG_B7))),
                               _fma(r2, _LOG_B6, _fma(r, _LOG_B5, _LOG_B4))),
                      _fma(r2, _LOG_B3, _fma(r, _LOG_B2, _LOG_B1)))
        w = r * 134217728.0  # 2**27: r = rhi + rlo, rhi with 26 bits, so rhi * rhi is exact
        rhi = r + w - w
        rlo = r - rhi
        w = rhi * rhi * _LOG_B0
        hi = r + w
        lo = _fma(_LOG_B0 * rlo, rhi + r, r - hi + w)
        return _fma(r3, p, lo) + hi
    ix = _unpack_q(_pack_d(x))[0]
    if not 0x0010000000000000 <= ix < 0x7FF0000000000000:  # not a positive normal number
        if not 0.0 < x < math.inf:
            return math.log(x)  # ValueError, inf or nan, as math.log
        ix = _unpack_q(_pack_d(x * 4503599627370496.0))[0] - (52 << 52)  # subnormal: scaled by 2**52
    tmp = ix - _LOG_OFF
    invc, logc = _LOG_TAB[(tmp >> 45) & 127]
    k = tmp >> 52  # tmp < 0 for x below 0x1.6p-1: Python's >> is C's arithmetic shift there
    z = _unpack_d(_pack_q(ix - (k << 52)))[0]
    r = _fma(z, invc, -1.0)
    w = k * _LOG_LN2_HI + logc
    hi = w + r
    lo = _fma(k, _LOG_LN2_LO, w - hi + r)
    r2 = r * r
    return _fma(r * r2, _fma(r2, _fma(r, _LOG_A4, _LOG_A3), _fma(r, _LOG_A2, _LOG_A1)),
                _fma(r2, _LOG_A0, lo)) + hi


# glibc's exp (sysdeps/ieee754/dbl-64/e_exp.c, since 2.28: ARM's optimized-routines, as musl's)
# in its FMA build: x = k ln2/128 + r, exp x = 2**(k/128) exp r, 2**(i/128) = scale * (1 + tail)
# from a 128-entry table, exp r - 1 a polynomial; the fused steps are written _fma. Where the scale
# would leave the exponent range (|x| >= 512) it is shifted first, and a subnormal result is
# rounded once. The only fused step that shows is the last, scale + scale * tmp: musl's build
# (Pyodide's), without it, differs from glibc's on ~0.06% of inputs.
_EXP_SHIFT = 6755399441055744.0  # 1.5 * 2**52: z + _EXP_SHIFT rounds z to an integer in its low bits
_EXP_TAIL = tuple(_unpack_d(_pack_q(bits))[0] for bits in _libm_data.EXP_TAB[0::2])
_EXP_SCALE_BITS = _libm_data.EXP_TAB[1::2]
_EXP_INV_LN2_N, _EXP_NEG_LN2_HI_N, _EXP_NEG_LN2_LO_N = (_libm_data.EXP_INV_LN2_N, _libm_data.EXP_NEG_LN2_HI_N,
                                                       _libm_data.EXP_NEG_LN2_LO_N)
_EXP_C2, _EXP_C3, _EXP_C4, _EXP_C5 = _libm_data.EXP_C2, _libm_data.EXP_C3, _libm_data.EXP_C4, _libm_data.EXP_C5
_MASK64 = (1 << 64) - 1


def _exp_inline(x, xtail, sign_bias):
    """exp(x + xtail), negated when sign_bias is set (pow's odd power of a negative number); |xtail|
    tiny. An overflow gives inf, for the caller to raise as math does."""
    ax = abs(x)
    if 2.0 ** -54 <= ax < 512.0:
        special = False
    elif ax < 2.0 ** -54:
        return -(1.0 + x) if sign_bias else 1.0 + x
    elif ax < 1024.0:
        special = True
    else:
        return math.copysign(0.0 if x < 0 else math.inf, -1.0 if sign_bias else 1.0)
    kd = _fma(_EXP_INV_LN2_N, x, _EXP_SHIFT)
    ki = _unpack_q(_pack_d(kd))[0]
    kd -= _EXP_SHIFT
    r = _fma(kd, _EXP_NEG_LN2_LO_N, _fma(kd, _EXP_NEG_LN2_HI_N, x)) + xtail
    tail = _EXP_TAIL[ki & 127]
    sbits = (_EXP_SCALE_BITS[ki & 127] + ((ki + sign_bias) << 45)) & _MASK64
    r2 = r * r
    tmp = _fma(r2 * r2, _fma(r, _EXP_C5, _EXP_C4), _fma(r2, _fma(r, _EXP_C3, _EXP_C2), tail + r))
    if not special:
        scale = _unpack_d(_pack_q(sbits))[0]
        return _fma(scale, tmp, scale)
    if not ki & 0x80000000:  # k > 0: the scale's exponent may have overflowed by up to 460
        scale = _unpack_d(_pack_q((sbits - (1009 << 52)) & _MASK64))[0]
        return 2.0 ** 1009 * _fma(scale, tmp, scale)
    sbits = (sbits + (1022 << 52)) & _MASK64
    scale = _unpack_d(_pack_q(sbits))[0]
    p = scale * tmp  # used twice, in two blocks: GCC does not fuse it
    y = scale + p
    if abs(y) < 1.0:  # a subnormal result: rounded to its precision before the scaling, not twice
        one = -1.0 if y < 0.0 else 1.0
        lo = scale - y + p
        hi = one + y
        lo = one - hi + y + lo
        y = (hi + lo) - one
        if y == 0.0:
            y = math.copysign(0.0, scale)
    return 2.0 ** -1022 * y


def glibc_exp(x):
    """glibc's exp(x), bit for bit (OverflowError where math.exp raises it)."""
    if not abs(x) < 1024.0:
        return math.exp(x)  # 0.0, inf, nan or OverflowError, as glibc's
    y = _exp_inline(x, 0.0, 0)
    return y if y != math.inf else math.exp(x)


# glibc's pow (e_pow.c, since 2.28: optimized-routines', as musl's) in its FMA build: exp(y log x)
# with log x to ~68 bits as hi + lo (its own 128-entry table) and y log x as ehi + elo by fma.
# Zeros, infinities, nan, negative x with a non-integer y and |y| outside [2**-65, 2**63) take
# branches without arithmetic that musl's build shares: math.pow.
_POW_P0, _POW_P1, _POW_P2, _POW_P3, _POW_P4, _POW_P5, _POW_P6 = _libm_data.POW_POLY
_POW_TAB = _libm_data.POW_INVC_LOGC_LOGCTAIL
_POW_OFF = 0x3FE6955500000000
_POW_SIGN_BIAS = 0x800 << 7  # added to k: the sign bit of the scale


def _pow_log(ix):
    """log of the positive double with bits ix as (hi, lo)."""
    tmp = ix - _POW_OFF
    invc, logc, logctail = _POW_TAB[(tmp >> 45) & 127]
    k = tmp >> 52  # tmp < 0 below _POW_OFF: Python's >> is C's arithmetic shift there
    z = _unpack_d(_pack_q(ix - (k << 52)))[0]
    r = _fma(z, invc, -1.0)
    t1 = _fma(k, _LOG_LN2_HI, logc)
    t2 = t1 + r
    lo1 = _fma(k, _LOG_LN2_LO, logctail)
    lo2 = t1 - t2 + r
    ar = _POW_P0 * r
    ar2 = r * ar
    ar3 = r * ar2
    hi = t2 + ar2
    lo3 = _fma(ar, r, -ar2)
    lo4 = t2 - hi + ar2
    q = _fma(ar2, _fma(ar2, _fma(r, _POW_P6, _POW_P5), _fma(r, _POW_P4, _POW_P3)), _fma(r, _POW_P2, _POW_P1))
    lo = _fma(ar3, q, lo1 + lo2 + lo3 + lo4)
    y = hi + lo
    return y, hi - y + lo


def glibc_pow(x, y):
    """glibc's pow(x, y), bit for bit (ValueError and OverflowError where math.pow raises them)."""
    x, y = float(x), float(y)
    ax = abs(x)
    if not (x and y and ax < math.inf and 2.0 ** -65 <= abs(y) < 2.0 ** 63):
        return math.pow(x, y)
    sign_bias = 0
    if x < 0.0:
        if not y.is_integer():
            return math.pow(x, y)  # ValueError
        if abs(y) < 2.0 ** 53 and int(y) & 1:
            sign_bias = _POW_SIGN_BIAS
    ix = _unpack_q(_pack_d(ax))[0]
    if ix < 0x0010000000000000:  # subnormal: scaled by 2**52
        ix = _unpack_q(_pack_d(ax * 4503599627370496.0))[0] - (52 << 52)
    hi, lo = _pow_log(ix)
    ehi = y * hi
    result = _exp_inline(ehi, _fma(y, lo, _fma(y, hi, -ehi)), sign_bias)
    return result if abs(result) != math.inf else math.pow(x, y)


# The constants and tables of glibc_log, glibc_exp and glibc_pow, then sin's and cos's table, flat,
# for the wasm kernels (kernels.glibc_math_f64, glibc_pow_f64; the layout is kernels.c's LIBM_* enum).
KERNEL_DATA = array("d", _libm_data.POLY + _libm_data.POLY1 + (
    _LOG_LN2_HI, _LOG_LN2_LO, _EXP_INV_LN2_N, _EXP_NEG_LN2_HI_N, _EXP_NEG_LN2_LO_N, _EXP_C2, _EXP_C3, _EXP_C4,
    _EXP_C5) + _libm_data.POW_POLY)
KERNEL_DATA.extend(v for entry in _LOG_TAB for v in entry)
KERNEL_DATA.extend(v for entry in _POW_TAB for v in entry)
KERNEL_DATA.frombytes(array("Q", _libm_data.EXP_TAB).tobytes())
KERNEL_DATA.extend(v for entry in _SINCOS for v in entry)


_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_LP = (6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01, 2.222219843214978396e-01,
       1.818357216161805012e-01, 1.531383769920937332e-01, 1.479819860511658591e-01)


def _high_word(v):
    return _unpack_q(_pack_d(v))[0] >> 32


def _with_high_word(v, high):
    return _unpack_d(_pack_q((_unpack_q(_pack_d(v))[0] & 0xFFFFFFFF) | (high << 32)))[0]


def glibc_log1p(x):
    """glibc's log1p, which is not correctly rounded: fdlibm's s_log1p.c in its FMA build (the
    fused steps below are the ones that reproduce it). Python floats are doubles, so the other
    operations carry over one for one. log1p(x) = k*ln2 + log(u), u = 1 + x scaled into
    [sqrt(2)/2, sqrt(2)), c the rounding error of 1 + x."""
    hx = _high_word(x)
    hx = hx - (1 << 32) if hx & 0x80000000 else hx
    ax = hx & 0x7FFFFFFF
    k = 1
    if hx < 0x3FDA827A:  # x < 0.41422
        if ax >= 0x3FF00000:  # x <= -1
            return -math.inf if x == -1.0 else math.nan
        if ax < 0x3E200000:  # |x| < 2**-29
            return x if ax < 0x3C900000 else x - x * x * 0.5
        if hx > 0 or hx <= -0x402d413d:  # -0.2929 < x < 0.41422
            k, f, hu, c = 0, x, 1, 0.0
    elif hx >= 0x7FF00000:
        return x + x
    if k:
        if hx < 0x43400000:
            u = 1.0 + x
            hu = _high_word(u)
            k = (hu >> 20) - 1023
            c = (1.0 - (u - x) if k > 0 else x - (u - 1.0)) / u
        else:
            u, hu, c = x, _high_word(x), 0.0
            k = (hu >> 20) - 1023
        hu &= 0x000FFFFF
        if hu < 0x6A09E:
            u = _with_high_word(u, hu | 0x3FF00000)
        else:
            k += 1
            u = _with_high_word(u, hu | 0x3FE00000)
            hu = (0x00100000 - hu) >> 2
        f = u - 1.0
    hfsq = 0.5 * f * f
    if hu == 0:  # |f| < 2**-20
        if f == 0.0:
            return 0.0 if k == 0 else k * _LN2_HI + (c + k * _LN2_LO)
        r = hfsq * (1.0 - 0.66666666666666666 * f)
        return f - r if k == 0 else k * _LN2_HI - ((r - (k * _LN2_LO + c)) - f)
    s = f / (2.0 + f)
    z = s * s
    z2 = z * z
    z4 = z2 * z2
    r = _fma(z, _LP[0], z2 * _fma(z, _LP[2], _LP[1]))
    r = _fma(z4 * z2, _fma(z, _LP[6], _LP[5]), _fma(z4, _fma(z, _LP[4], _LP[3]), r))
    if k == 0:
        return f - (hfsq - s * (hfsq + r))
    return _fma(k, _LN2_HI, -((hfsq - (s * (hfsq + r) + _fma(k, _LN2_LO, c))) - f))


_EXPM1_Q1, _EXPM1_Q2, _EXPM1_Q3, _EXPM1_Q4, _EXPM1_Q5 = (
    -3.33333333333331316428e-02, 1.58730158725481460165e-03, -7.93650757867487942473e-05,
    4.00821782732936239552e-06, -2.01099218183624371326e-07)
_EXPM1_INV_LN2 = 1.44269504088896338700e+00


def _add_to_exponent(y, k):
    return _unpack_d(_pack_q((_unpack_q(_pack_d(y))[0] + (k << 52)) & _MASK64))[0]


def glibc_expm1(x):
    """glibc's expm1: fdlibm's s_expm1.c (with glibc's Estrin form of the polynomial) in its FMA
    build, x86-64's ifunc choice on a CPU with FMA (the fused steps are written _fma: those GCC
    contracts). x = k ln2 + r, hi - lo = r with c the rounding error, expm1 r from a rational
    approximation, then 2**k (1 + expm1 r) - 1 assembled by exponent arithmetic. Overflow gives
    OverflowError as math.expm1."""
    hx = _high_word(x) & 0x7FFFFFFF
    negative = x < 0.0 or (x == 0.0 and math.copysign(1.0, x) < 0)
    if hx >= 0x4043687A:  # |x| >= 56 ln2, inf or nan
        if hx >= 0x40862E42 and not x < 7.09782712893383973096e+02 or x != x:
            return math.expm1(x)  # inf, -1.0, nan or OverflowError, as glibc's
        if negative:
            return -1.0
    if hx > 0x3FD62E42:  # |x| > ln2 / 2: reduced
        if hx < 0x3FF0A2B2:  # and |x| < 1.5 ln2
            hi, lo, k = (x + _LN2_HI, -_LN2_LO, -1) if negative else (x - _LN2_HI, _LN2_LO, 1)
        else:
            k = int(_fma(_EXPM1_INV_LN2, x, -0.5 if negative else 0.5))  # C's cast truncates
            hi = _fma(-float(k), _LN2_HI, x)  # exact
            lo = k * _LN2_LO
        x = hi - lo
        c = (hi - x) - lo
    elif hx < 0x3C900000:  # |x| < 2**-54
        return x
    else:
        k = 0
    hfx = 0.5 * x
    hxs = x * hfx
    h2 = hxs * hxs
    r1 = _fma(h2 * h2, _fma(hxs, _EXPM1_Q5, _EXPM1_Q4),
              _fma(h2, _fma(hxs, _EXPM1_Q3, _EXPM1_Q2), _fma(hxs, _EXPM1_Q1, 1.0)))
    t = _fma(-r1, hfx, 3.0)
    e = hxs * ((r1 - t) / _fma(-x, t, 6.0))
    if k == 0:
        return x - _fma(x, e, -hxs)
    e = _fma(x, e - c, -c) - hxs
    if k == -1:
        return _fma(0.5, x - e, -0.5)
    if k == 1:
        return -2.0 * (e - (x + 0.5)) if x < -0.25 else _fma(2.0, x - e, 1.0)
    if k <= -2 or k > 56:  # exp(x) - 1 is exp(x) to double precision
        return _add_to_exponent(1.0 - (e - x), k) - 1.0
    if k < 20:
        t = _unpack_d(_pack_q((0x3FF00000 - (0x200000 >> k)) << 32))[0]  # 1 - 2**-k
        return _add_to_exponent(t - (e - x), k)
    t = _unpack_d(_pack_q((0x3FF - k) << 52))[0]  # 2**-k
    return _add_to_exponent(x - (e + t) + 1.0, k)


# glibc 2.36's cbrt, log10, sinh, cosh, asinh, acosh and atanh (sysdeps/ieee754/dbl-64: fdlibm's,
# cbrt IBM's), compiled without FMA, over the functions above as glibc calls them. musl's differ
# from them in the last bit on 0.005-46% of inputs (cbrt on 46%, log10 on 7%).
_CBRT_FACTOR = (1.0 / 1.5874010519681994748, 1.0 / 1.2599210498948731648, 1.0, 1.2599210498948731648,
                1.5874010519681994748)  # 2**(r/3), r = -2..2


def glibc_cbrt(x):
    """x = xm 2**xe, xm in [0.5, 1): a degree-6 polynomial's cube root of xm, one Halley step,
    times 2**(xe mod 3 / 3) (C's remainder, signed), scaled by 2**(xe / 3)."""
    if not x or not math.isfinite(x):
        return x + x
    xm, xe = math.frexp(abs(x))
    u = (0.354895765043919860 + ((1.50819193781584896 + ((-2.11499494167371287 + ((2.44693122563534430 + (
        (-1.83469277483613086 + (0.784932344976639262 - 0.145263899385486377 * xm) * xm) * xm)) * xm)) * xm)) * xm))
    t2 = u * u * u
    quotient = int(xe / 3)  # C's division truncates
    ym = u * (t2 + 2.0 * xm) / (2.0 * t2 + xm) * _CBRT_FACTOR[2 + xe - 3 * quotient]
    return math.ldexp(ym if x > 0.0 else -ym, quotient)


_LOG10_INV_LN10, _LOG10_2HI, _LOG10_2LO = (4.34294481903251816668e-01, 3.01029995663611771306e-01,
                                           3.69423907715893078616e-13)


def glibc_log10(x):
    """x = 2**k m, m in [1, 2) (in [0.5, 1) for k < 0): k log10(2) + log(m) / ln 10 (0 and negative
    numbers raise ValueError as math.log10 does)."""
    ix = _unpack_q(_pack_d(x))[0]
    if not 0 < ix < 0x7FF0000000000000:  # zero, negative, inf or nan
        return math.log10(x)
    k = 0
    if ix < 0x0010000000000000:  # subnormal: scaled by 2**54
        k = -54
        ix = _unpack_q(_pack_d(x * 18014398509481984.0))[0]
    k += (ix >> 52) - 1023
    below = 1 if k < 0 else 0
    y = float(k + below)
    z = y * _LOG10_2LO + _LOG10_INV_LN10 * glibc_log(
        _unpack_d(_pack_q((ix & 0x000FFFFFFFFFFFFF) | ((0x3FF - below) << 52)))[0])
    return z + y * _LOG10_2HI


def glibc_sinh(x):
    """sign(x) (E + E / (E + 1)) / 2 from E = expm1(|x|) below 22, exp beyond (OverflowError as
    math.sinh)."""
    ax = abs(x)
    h = -0.5 if _high_word(x) & 0x80000000 else 0.5
    if ax < 22.0:
        if ax < 2.0 ** -28:
            return x
        t = glibc_expm1(ax)
        if ax < 1.0:
            return h * (2.0 * t - t * t / (t + 1.0))
        return h * (t + t / (t + 1.0))
    if ax < float.fromhex("0x1.62e42p9"):  # log(DBL_MAX), its high word
        return h * glibc_exp(ax)
    if ax <= float.fromhex("0x1.633ce8fb9f87dp9"):  # the overflow threshold
        w = glibc_exp(0.5 * ax)
        return h * w * w
    return math.sinh(x)  # inf, nan or OverflowError


def glibc_cosh(x):
    """1 + expm1(|x|)**2 / (2 exp|x|) below ln2 / 2, (exp|x| + 1 / exp|x|) / 2 below 22, exp beyond
    (OverflowError as math.cosh)."""
    ax = abs(x)
    if ax < 22.0:
        if ax < float.fromhex("0x1.62e43p-2"):
            if ax < 2.0 ** -55:
                return 1.0
            t = glibc_expm1(ax)
            w = 1.0 + t
            return 1.0 + (t * t) / (w + w)
        t = glibc_exp(ax)
        return 0.5 * t + 0.5 / t
    if ax < float.fromhex("0x1.62e42p9"):
        return 0.5 * glibc_exp(ax)
    if ax <= float.fromhex("0x1.633ce8fb9f87dp9"):
        w = glibc_exp(0.5 * ax)
        return 0.5 * w * w
    return math.cosh(x)


def glibc_asinh(x):
    """sign(x) log(2|x| + 1 / (sqrt(x**2 + 1) + |x|)) above 2, log1p of the same rearranged below,
    log|x| + ln 2 beyond 2**28."""
    ax = abs(x)
    if ax < 2.0 ** -28 or not ax < math.inf:
        return x + x if ax == math.inf or x != x else x
    high = _high_word(ax)  # glibc compares high words: ax beyond 2**28 (2.0) by 2**-20 of it
    if high > 0x41B00000:
        w = glibc_log(ax) + 0.6931471805599453
    elif high > 0x40000000:
        w = glibc_log(2.0 * ax + 1.0 / (math.sqrt(ax * ax + 1.0) + ax))
    else:
        t = ax * ax
        w = glibc_log1p(ax + t / (1.0 + math.sqrt(1.0 + t)))
    return math.copysign(w, x)


def glibc_acosh(x):
    """log(2x - 1 / (x + sqrt(x**2 - 1))) above 2, log1p(t + sqrt(2t + t**2)) for t = x - 1 below,
    log x + ln 2 beyond 2**28 (below 1 ValueError as math.acosh)."""
    if x > 2.0:
        if x >= 2.0 ** 28:
            return glibc_log(x) + 0.6931471805599453 if x < math.inf else x
        return glibc_log(2.0 * x - 1.0 / (x + math.sqrt(x * x - 1.0)))
    if x > 1.0:
        t = x - 1.0
        return glibc_log1p(t + math.sqrt(2.0 * t + t * t))
    return math.acosh(x)  # 0.0 at 1, nan, or ValueError


def glibc_atanh(x):
    """sign(x) log1p(2|x| + 2x**2 / (1 - |x|)) / 2 below 1/2, log1p(2|x| / (1 - |x|)) / 2 above
    (ValueError at and beyond 1 as math.atanh)."""
    ax = abs(x)
    if ax < 0.5:
        if ax < 2.0 ** -28:
            return x
        t = ax + ax
        t = 0.5 * glibc_log1p(t + t * ax / (1.0 - ax))
    elif ax < 1.0:
        t = 0.5 * glibc_log1p((ax + ax) / (1.0 - ax))
    else:
        return math.atanh(x)
    return math.copysign(t, x)


# glibc's atan and atan2 (sysdeps/ieee754/dbl-64/s_atan.c, e_atan2.c: IBM's Accurate Mathematical
# Library, without its slow paths since 2.34, ~0.52 ulp) as x86-64 glibc's FMA build runs them: the
# fused steps are written _fma, the exact product (EMULV) is an fma too. |x| < 1/16 (or a ratio
# that small): an odd polynomial; below 1: atan x0 + a quintic in x - x0 from the 241-row table,
# x0 near i/256; beyond: pi/2 less the same of 1/x. atan2 divides the smaller of |x|, |y| by the
# larger with the division's error du, and adds pi/2 or pi in the quadrant. musl's differ on
# ~6% (atan) and ~18% (atan2) of inputs.
_ATAN_D3, _ATAN_D5, _ATAN_D7, _ATAN_D9, _ATAN_D11, _ATAN_D13 = map(float.fromhex, (
    "-0x1.5555555555555p-2", "0x1.99999999997fdp-3", "-0x1.24924923f7603p-3", "0x1.c71c6e5129a3bp-4",
    "-0x1.7458022b13c25p-4", "0x1.375f08b31cbcep-4"))
_ATAN_A, _ATAN_E = float.fromhex("0x1.bb67ap-28"), float.fromhex("0x1.49ff2p52")  # x, pi/2 beyond these
_ATAN_CIJ = _libm_data.ATAN_CIJ
_HPI1 = float.fromhex("0x1.1a62633145c07p-54")  # pi/2 - _HP0
_PI, _PI1 = float.fromhex("0x1.921fb54442d18p1"), float.fromhex("0x1.1a62633145c07p-53")  # pi = _PI + _PI1
_TWO52 = 4503599627370496.0


def _atan_odd(v):
    """(atan u - u) / u**3 for v = u**2, |u| < 1/16."""
    p = _fma(v, _fma(v, _fma(v, _fma(v, _ATAN_D13, _ATAN_D11), _ATAN_D9), _ATAN_D7), _ATAN_D5)
    return _fma(v, p, _ATAN_D3)


def _atan_row(u):
    """The table's row for u in [1/16, 1)."""
    return _ATAN_CIJ[int((_TWO52 + 256.0 * u) - _TWO52) - 16]


def _atan_tail(z, row):
    """(atan(x0 + z) - atan x0) / z: the row's polynomial after its constant, divided by z."""
    return _fma(z, _fma(z, _fma(z, _fma(z, row[6], row[5]), row[4]), row[3]), row[2])


def glibc_atan(x):
    """glibc's atan(x), bit for bit."""
    u = abs(x)
    if u < 1.0:
        if u < 0.0625:
            if u < _ATAN_A:
                return x
            v = x * x
            return _fma(_atan_odd(v), x * v, x)
        row = _atan_row(u)
        z = u - row[0]
        return math.copysign(_fma(_atan_tail(z, row), z, row[1]), x)
    if u < 16.0:
        w = 1.0 / u
        t1 = w * u
        t2 = _fma(w, u, -t1)  # w u = t1 + t2 exactly
        row = _atan_row(w)
        z = _fma(w, (1.0 - t1) - t2, w - row[0])  # 1/u - x0, to about twice the precision
        return math.copysign((_HP0 - row[1]) + _fma(-z, _atan_tail(z, row), _HPI1), x)
    if u < _ATAN_E:
        w = 1.0 / u
        v = w * w
        t1 = w * u
        t2 = _fma(w, u, -t1)
        t3 = _HP0 - w
        cor = (_HP0 - t3) - w
        return math.copysign(t3 + _fma(-_atan_odd(v), w * v, _fma(-w, (1.0 - t1) - t2, _HPI1 + cor)), x)
    return math.copysign(_HP0, x) if x == x else x  # nan: nan


def glibc_atan2(y, x):
    """glibc's atan2(y, x), bit for bit."""
    if not (math.isfinite(x) and math.isfinite(y)) or x == 0.0 or y == 0.0:
        return math.atan2(y, x)  # exact cases: zeros, infinities (correctly rounded constants), nan
    ax, ay = abs(x), abs(y)
    de = (_high_word(ay) >> 20) - (_high_word(ax) >> 20)  # the exponents' difference
    if de >= 57:
        return math.copysign(_HP0, y)
    if de <= -57:
        return math.copysign(ay / ax, y) if x > 0.0 else math.copysign(_PI, y)
    if ax < 2.0 ** -500 or ay < 2.0 ** -500:
        ax, ay = ax * 2.0 ** 500, ay * 2.0 ** 500
    if ax > 2.0 ** 500 or ay > 2.0 ** 500:
        ax, ay = ax * 2.0 ** -500, ay * 2.0 ** -500
    small, large = (ay, ax) if ay < ax else (ax, ay)
    u = small / large
    v = large * u
    du = ((small - v) - _fma(large, u, -v)) / large  # small / large = u + du
    if u < 0.0625:
        v = u * u
        if x > 0.0 and ay < ax:
            return math.copysign(u + _fma(u * v, _atan_odd(v), du), y)
        zz = u * v * _atan_odd(v)
        if x > 0.0:  # pi/2 - atan(ax/ay)
            t2 = _HP0 - u
            return math.copysign(t2 + ((((_HP0 - t2) - u + _HPI1) - du) - zz), y)
        if ax < ay:  # pi/2 + atan(ax/ay)
            t2 = _HP0 + u
            return math.copysign(t2 + ((((_HP0 - t2) + u + _HPI1) + du) + zz), y)
        t2 = _PI - u  # pi - atan(ay/ax)
        return math.copysign(t2 + ((((_PI - t2) - u + _PI1) - du) - zz), y)
    row = _atan_row(u)
    if x > 0.0 and ay < ax:
        t3 = u - row[0]
        v = t3 + du
        dv = (t3 - v) + du if abs(t3) > abs(du) else (du - v) + t3
        t2 = row[2]
        quartic = _fma(v, _fma(v, _fma(v, row[6], row[5]), row[4]), row[3])
        return math.copysign(row[1] + _fma(v, t2, _fma(dv, t2, v * v * quartic)), y)
    v = (u - row[0]) + du
    if x > 0.0:
        return math.copysign((_HP0 - row[1]) + _fma(-v, _atan_tail(v, row), _HPI1), y)
    if ax < ay:
        return math.copysign((_HP0 + row[1]) + _fma(v, _atan_tail(v, row), _HPI1), y)
    return math.copysign((_PI - row[1]) + _fma(-v, _atan_tail(v, row), _PI1), y)


# glibc's asin and acos (sysdeps/ieee754/dbl-64/e_asin.c: IBM's, without its slow paths since
# 2.34, ~0.52 ulp) as the FMA build runs them. |x| < 1/8: an odd polynomial; up to 0.96875: on
# one of 256 subintervals (of five widths), x0's polynomial in x - x0 from asncs (the first
# coefficient's product fused into the rest), asin x0 its constant; beyond: from
# sqrt((1 - |x|)/2) by Newton's iteration on inroot's start (asin x = pi/2 - 2 asin(that)). musl's
# differ on ~6% (asin) and ~8% (acos) of inputs.
_ASIN_F1, _ASIN_F2, _ASIN_F3, _ASIN_F4, _ASIN_F5, _ASIN_F6 = (
    1.66666666666664110590506577996662E-01, 7.50000000026122686814431784722623E-02,
    4.46428561421059750978517350006940E-02, 3.03821268582119319911193410625235E-02,
    2.23551211026525610742786300334557E-02, 1.81382903404565056280372531963613E-02)
_ASIN_RT0, _ASIN_RT1, _ASIN_RT2, _ASIN_RT3 = (
    9.99999999859990725855365213134618E-01, 4.99999999495955425917856814202739E-01,
    3.75017500867345182581453026130850E-01, 3.12523626554518656309172508769531E-01)
_ASNCS, _INROOT = _libm_data.ASNCS, _libm_data.INROOT


def _asin_odd(v):
    """(asin u - u) / u**3 for v = u**2 (|u| < 1/8; near 1 the series in z = (1 - |x|)/2)."""
    return _fma(_fma(_fma(_fma(_fma(_ASIN_F6, v, _ASIN_F5), v, _ASIN_F4), v, _ASIN_F3), v, _ASIN_F2), v, _ASIN_F1)


def _asin_table(k, ax):
    """asin|x| for |x| in [1/8, 0.96875) (k its high word) as the row's constant and the rest."""
    if k < 0x3FE00000:  # [1/8, 1/2): 11 numbers a row, degree 6
        n, degree = (11 * ((k & 0xFFFFF) >> 15) if k < 0x3FD00000 else 11 * ((k & 0xFFFFF) >> 14) + 352), 6
    elif k < 0x3FE80000:  # [1/2, 3/4): 12
        n, degree = 1056 + ((k & 0xFE000) >> 11) * 3, 7
    elif k < 0x3FED8000:  # [3/4, 0.921875): 13
        n, degree = 992 + ((k & 0xFE000) >> 13) * 13, 8
    elif k < 0x3FEE8000:  # [0.921875, 0.953125): 14
        n, degree = 884 + ((k & 0xFE000) >> 13) * 14, 9
    else:  # [0.953125, 0.96875): 15
        n, degree = 768 + ((k & 0xFE000) >> 13) * 15, 10
    xx = ax - _ASNCS[n]
    q = _ASNCS[n + degree]
    for i in range(n + degree - 1, n + 1, -1):
        q = _fma(xx, q, _ASNCS[i])
    return _ASNCS[n + degree + 2], _fma(_ASNCS[n + 1], xx, _fma(xx * xx, q, _ASNCS[n + degree + 1]))


def _asin_sqrt(z):
    """(c, t), two approximations of sqrt(z), t one Newton step closer (glibc's steps from inroot's
    1/sqrt and a power of two), for z = (1 - |x|)/2 in (0, 1/64]."""
    k = _high_word(z)
    t = _INROOT[(k & 0x1FFFFF) >> 14] * 2.0 ** (511 - (k >> 21))
    r = _fma(-(t * t), z, 1.0)
    t = t * _fma(r, _fma(r, _fma(r, _ASIN_RT3, _ASIN_RT2), _ASIN_RT1), _ASIN_RT0)
    c = t * z
    return c, _fma(-(0.5 * t), c, 1.5) * c


def glibc_asin(x):
    """glibc's asin(x), bit for bit (|x| > 1 raises ValueError as math.asin does)."""
    k = _high_word(x) & 0x7FFFFFFF
    if k < 0x3E500000:  # |x| < 2**-26
        return x
    if k < 0x3FC00000:  # |x| < 1/8
        x2 = x * x
        return _fma(_asin_odd(x2), x2 * x, x)
    ax = abs(x)
    if k < 0x3FEF0000:
        head, rest = _asin_table(k, ax)
        return math.copysign(head + rest, x)
    if k < 0x3FF00000:
        z = 0.5 * (1.0 - ax)
        c, t = _asin_sqrt(z)
        y = (c + 16777216.0) - 16777216.0
        cc = _fma(-y, y, z) / (t + y)
        p = _asin_odd(z) * z
        cor = _fma(-(2.0 * (y + cc)), p, _fma(-2.0, cc, _HPI1))
        return math.copysign(_fma(-2.0, y, _HP0) + cor, x)
    return math.asin(x)  # +-pi/2 at +-1, else nan or ValueError


def glibc_acos(x):
    """glibc's acos(x), bit for bit (|x| > 1 raises ValueError as math.acos does)."""
    k = _high_word(x) & 0x7FFFFFFF
    if k < 0x3C880000:  # |x| < 2**-55
        return _HP0
    if k < 0x3FC00000:
        x2 = x * x
        r = _HP0 - x
        return r + _fma(-_asin_odd(x2), x2 * x, ((_HP0 - r) - x) + _HPI1)
    ax = abs(x)
    if k < 0x3FEF0000:
        head, rest = _asin_table(k, ax)
        return (_HP0 - head) + (_HPI1 - rest) if x > 0.0 else (_HP0 + head) + (_HPI1 + rest)
    if k < 0x3FF00000:
        z = 0.5 * (1.0 - ax)
        c, t = _asin_sqrt(z)
        y = (134217728.0 * c + c) - 134217728.0 * c  # c to 26 bits (fused or not, the same here)
        cc = _fma(-y, y, z) / (t + y)
        p = _asin_odd(z) * z
        if x < 0.0:  # (the correction's products are not fused here: GCC's choice, as glibc's bits show)
            res = (_HP0 - y) + ((_HPI1 - cc) - (y + cc) * p)
        else:
            res = y + (cc + p * (y + cc))
        return res + res
    return math.acos(x)  # 0 at 1, pi at -1, else nan or ValueError


# glibc's tan (sysdeps/ieee754/dbl-64/s_tan.c: IBM's, without its slow paths since 2.35, ~0.62 ulp)
# as the FMA build runs it. |x| <= 0.0608: an odd polynomial; up to 0.787: from the tan and cot of
# a table point x0 near i/256, tan(x0 + z) = tan x0 + p (tan x0 + cot x0) / (cot x0 - p), p ~ tan z;
# beyond, x = n pi/2 + a + da (sin's reductions up to 1e8, then branred) and the same on |a|, or
# -cot a for odd n (1 / (a + da) in double-double near 0). musl's differs on ~4% of inputs.
_TAN_D3, _TAN_D5, _TAN_D7, _TAN_D9, _TAN_D11, _TAN_E0, _TAN_E1 = map(float.fromhex, (
    "0x1.5555555555555p-2", "0x1.11111111107c6p-3", "0x1.ba1ba1cdb8745p-5", "0x1.664ed49cfc666p-6",
    "0x1.2385a3cf2e4eap-7", "0x1.5555555554dbdp-2", "0x1.11112e0a6b45fp-3"))
_TAN_G1, _TAN_G2, _TAN_G3, _TAN_G5 = map(float.fromhex, (  # its ranges' ends: ~1.26e-8, 0.0608, 0.787, 1e8
    "0x1.b096cp-27", "0x1.f212dp-5", "0x1.92f1ap-1", "0x1.7d784p26"))
_TAN_MP3 = float.fromhex("-0x1.cb3b399d747f2p-55")
_TAN_XFG = _libm_data.TAN_XFG


def _tan_odd(a, a2):
    """(tan a - a) / a**3 for a2 = a**2, |a| <= 0.0608."""
    return _fma(a2, _fma(a2, _fma(a2, _fma(a2, _TAN_D11, _TAN_D9), _TAN_D7), _TAN_D5), _TAN_D3)


def _tan_reduced(n, a, da):
    """tan(a + da), or -cot(a + da) for odd n (|a + da| <= pi/4 about)."""
    if abs(a) <= _TAN_G2:
        a2 = a * a
        t2 = _fma(a * a2, _tan_odd(a, a2), da)
        if not n & 1:
            return a + t2
        b = a + t2  # 1 / (a + t2) in double-double (dla.h's EADD and DIV2, the products exact by fma)
        db = (a - b) + t2 if abs(a) > abs(t2) else (t2 - b) + a
        c = 1.0 / b
        u = c * b
        cc = _fma(-c, db, ((1.0 - u) - _fma(c, b, -u)) + 0.0) / b
        z = c + cc
        return -(z + ((c - z) + cc))
    ya, yya, sign = (a, da, 1.0) if a >= 0.0 else (-a, -da, -1.0)
    x0, tan0, cot0 = _TAN_XFG[int(-15.5 + 256.0 * ya)]
    z = (ya - x0) + yya
    pz = _fma(z * (z * z), _fma(z * z, _TAN_E1, _TAN_E0), z)
    if n & 1:
        return -sign * (cot0 - pz * (tan0 + cot0) / (tan0 + pz))
    return sign * (tan0 + pz * (cot0 + tan0) / (cot0 - pz))


def glibc_tan(x):
    """glibc's tan(x), bit for bit (inf raises ValueError as math.tan does)."""
    w = abs(x)
    if w <= _TAN_G1:
        return x
    if w <= _TAN_G2:
        x2 = x * x
        return _fma(_tan_odd(x, x2), x * x2, x)
    if w <= _TAN_G3:
        return _tan_reduced(0, x, 0.0)
    if w <= 25.0:
        t = _fma(x, _HPINV, _TOINT)
        xn = t - _TOINT
        t1 = _fma(-xn, _MP2, _fma(-xn, _MP1, x))
        a = _fma(-xn, _TAN_MP3, t1)
        return _tan_reduced(int(xn) & 1, a, _fma(-xn, _TAN_MP3, t1 - a))
    if w <= _TAN_G5:
        n, a, da = _reduce(x)
    elif w < math.inf:
        n, a, da = _reduce_large(x)
    else:
        return math.tan(x)  # inf: ValueError; nan: nan
    b = a + da
    return _tan_reduced(n, b, (a - b) + da if abs(a) > abs(da) else (da - b) + a)


# glibc's hypot (sysdeps/ieee754/dbl-64/e_hypot.c, glibc 2.35+, as x86-64 builds it: without FMA):
# sqrt(ax^2 + ay^2) corrected by one Newton-like step from the exact residual, written out in
# double arithmetic; huge or tiny operands scaled by 2^600 first.
_HYPOT_SCALE, _HYPOT_LARGE, _HYPOT_TINY, _HYPOT_EPS = 2.0 ** -600, 2.0 ** 511, 2.0 ** -459, 2.0 ** -54


def _hypot_kernel(ax, ay):
    h = math.sqrt(ax * ax + ay * ay)
    if h <= 2.0 * ay:
        delta = h - ay
        t1 = ax * (2.0 * delta - ax)
        t2 = (delta - 2.0 * (ax - ay)) * delta
    else:
        delta = h - ax
        t1 = 2.0 * delta * (ax - 2.0 * ay)
        t2 = (4.0 * delta - ay) * ay + delta * delta
    return h - (t1 + t2) / (2.0 * h)


def glibc_hypot(x, y):
    if not (math.isfinite(x) and math.isfinite(y)):
        return math.inf if math.isinf(x) or math.isinf(y) else x + y
    x, y = abs(x), abs(y)
    ax, ay = (y, x) if x < y else (x, y)
    if ax > _HYPOT_LARGE:
        if ay <= ax * _HYPOT_EPS:
            return ax + ay
        return _hypot_kernel(ax * _HYPOT_SCALE, ay * _HYPOT_SCALE) / _HYPOT_SCALE
    if ay < _HYPOT_TINY:
        if ax >= ay / _HYPOT_EPS:
            return ax + ay
        return _hypot_kernel(ax / _HYPOT_SCALE, ay / _HYPOT_SCALE) * _HYPOT_SCALE
    if ay <= ax * _HYPOT_EPS:
        return ax + ay
    return _hypot_kernel(ax, ay)


def _on_glibc():
    """platform.libc_ver()[0] == "glibc". On Linux that is what the C library says of itself,
    read without importing platform (Emscripten's also claims glibc: Pyodide asks platform)."""
    if sys.platform == "linux":
        try:
            return (os.confstr("CS_GNU_LIBC_VERSION") or "").startswith("glibc ")
        except (ValueError, OSError):
            pass
    import platform
    return platform.libc_ver()[0] == "glibc"


_GLIBC_PORTS = ("sin", "cos", "log", "log1p", "exp", "expm1", "cbrt", "log10", "sinh", "cosh", "asinh", "acosh",
                "atanh", "atan", "atan2", "asin", "acos", "tan")
if _on_glibc():  # CPython on Linux: math is glibc, the reference itself
    globals().update({name: getattr(math, name) for name in _GLIBC_PORTS})
    pow = math.pow
else:
    globals().update({name: globals()["glibc_" + name] for name in _GLIBC_PORTS})
    pow = glibc_pow
hypot = glibc_hypot
