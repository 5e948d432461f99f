"""glibc's float64 sin, cos, log, log1p, exp, pow and hypot, for the float64 samplers, the LR
schedulers and the browser's numpy.

PyTorch's and numpy's reference outputs come from glibc; Pyodide's libm (musl) differs in the
last bit for some inputs (its log on ~0.01% of (0, 1), its exp on ~0.06%, its pow on ~0.1%: built
without FMA). On glibc, ``math`` is used as is. Elsewhere ``glibc_sin``, ``glibc_cos``,
``glibc_log``, ``glibc_log1p``, ``glibc_exp`` and ``glibc_pow`` are glibc's algorithms, bit for
bit, as x86-64 glibc runs them on a CPU with FMA (the tables of log, exp and pow, which musl
shares, are in ``_libm_data``); but pow with an integer exponent from 3 to 64 is the correctly
rounded power, as the browser's numpy computes it for arrays in wasm (it agrees with glibc's on
~99.9% of inputs). hypot is glibc's algorithm everywhere: CPython's math.hypot is its own,
and differs from glibc's on ~0.6% of inputs. The browser's numpy runs exp, log, pow, sin and cos
on arrays in wasm (kernels/kernels.c's glibc_math_f64, glibc_pow_f64: these algorithms step for
step, every fused step on an exact fma emulation, the same bits; the elements they leave come back
here).
"""
import math
import os
import struct
import sys
from array import array
from fractions import Fraction

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


def pow_correctly_rounded_integer(x, y):
    """x ** y: glibc's pow, but where y is an integer from 3 to 64 the correctly rounded power, as
    the browser's numpy computes it for arrays in wasm (kernels.powi_f64; glibc's pow is within
    0.52 ulp and agrees with it on ~99.9% of inputs, more often than musl's pow does)."""
    if type(y) is float and y.is_integer():
        y = int(y)
    if type(y) is not int or not 3 <= y <= 64 or x == 0 or not math.isfinite(x):
        return glibc_pow(x, y)
    try:
        return float(Fraction(x) ** y)
    except OverflowError:
        return math.copysign(math.inf, x if y % 2 else 1.0)


def pow_is_glibc(y):
    """Whether pow_correctly_rounded_integer(x, y) is glibc_pow(x, y) for every x: y not an integer from 3 to 64."""
    return not (float(y).is_integer() and 3 <= y <= 64)


if _on_glibc():  # CPython on Linux: math is glibc, the reference itself
    sin, cos, log, log1p, exp, pow = math.sin, math.cos, math.log, math.log1p, math.exp, math.pow
else:
    sin, cos, log, log1p, exp = glibc_sin, glibc_cos, glibc_log, glibc_log1p, glibc_exp
    pow = pow_correctly_rounded_integer
hypot = glibc_hypot
