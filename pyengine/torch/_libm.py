"""glibc's float64 sin, cos, log, log1p and pow, for the float64 samplers, the LR schedulers and
the browser's numpy.

PyTorch's reference outputs come from glibc; Pyodide's libm (musl) differs in the last bit
for many inputs. On glibc, ``math`` is used as is. Elsewhere: ``glibc_log1p`` is glibc's
algorithm, bit for bit; glibc's sin, cos and log are within 0.55 ulp, and their stand-ins
are the correctly rounded values (computed to 50 digits with ``decimal``, rounded once; sin
and cos first in 200-bit fixed point, which decides almost every rounding ~10x faster),
which agree with glibc on ~99.9% of inputs; pow is libm's but for integer exponents from 3 to
64, where it is the correctly rounded power (musl's pow differs from glibc's, built with fma,
on ~0.1% of inputs; the correctly rounded power a little less often).
"""
import math
import os
import struct
import sys
from decimal import Decimal, localcontext
from fractions import Fraction

from ._float32 import fma64

_pack_d, _unpack_d = struct.Struct("<d").pack, struct.Struct("<d").unpack
_pack_q, _unpack_q = struct.Struct("<Q").pack, struct.Struct("<Q").unpack

_DIGITS = 50
_PI = Decimal("3.1415926535897932384626433832795028841971693993751058209749445923078164062862089986280348"
               "253421170679821480865132823066470938446095505822317253594081284811174502841027019385211055"
               "5964462294895493038196")
with localcontext() as _ctx:
    _ctx.prec = 300
    _HALF_PI = _PI / 2
_REDUCIBLE = 1e100  # beyond this, reducing by pi/2 would need more digits of pi than above


def _sin_cos(x):
    """(sin x, cos x) as Decimals, for finite |x| < _REDUCIBLE."""
    with localcontext() as ctx:
        ctx.prec = _DIGITS + 10 + max(0, int(math.log10(abs(x) + 1)))
        d = Decimal(x)
        k = int((d / _HALF_PI).to_integral_value())
        r = d - k * _HALF_PI
        ctx.prec = _DIGITS + 10
        r = +r
        r2 = r * r
        s, c = r, Decimal(1)
        term_s, term_c = r, Decimal(1)
        n = 1
        while True:
            term_s = -term_s * r2 / ((2 * n) * (2 * n + 1))
            term_c = -term_c * r2 / ((2 * n - 1) * (2 * n))
            if abs(term_s) + abs(term_c) < Decimal(10) ** (-_DIGITS - 8):
                break
            s += term_s
            c += term_c
            n += 1
        return ((s, c), (c, -s), (-s, -c), (-c, s))[k % 4]


# The fast path: sin and cos in 200-bit fixed point with Python ints (~30x faster than decimal),
# its error bounded by _ERROR units; a result is taken only when every value within that bound
# rounds to the same double (else decimal decides), so both paths give the same correctly
# rounded double.
_BITS = 200
_ONE = 1 << _BITS
with localcontext() as _ctx:
    _ctx.prec = 120
    _HALF_PI_FIXED = int(_HALF_PI * (1 << (_BITS + 32)))  # 32 more bits: k * pi/2 within 2 units
_ERROR = 256  # units of 2**-_BITS: the reduction's 2, the series' rounding (at most 3 a term)
_FIXED_RANGE = 2.0 ** 30


def _fixed(x, want_cos):
    """sin x (or cos x) of 2**-26 <= |x| < 2**30 as a correctly rounded double, or None when the
    fixed-point value is too close to a rounding boundary to tell."""
    num, den = x.as_integer_ratio()
    k = round(x * 0.6366197723675814)
    r = ((num << _BITS) // den) - ((k * _HALF_PI_FIXED) >> 32)  # exact x: den <= 2**79 < 2**_BITS
    r2 = (r * r) >> _BITS
    quadrant = (k + want_cos) % 4
    if quadrant % 2 == 0:  # sin r
        total = term = r
        i = 1
        while term:
            term = -((term * r2) >> _BITS) // ((2 * i) * (2 * i + 1))
            total += term
            i += 1
    else:  # cos r
        total = term = _ONE
        i = 1
        while term:
            term = -((term * r2) >> _BITS) // ((2 * i - 1) * (2 * i))
            total += term
            i += 1
    if quadrant >= 2:
        total = -total
    low, high = (total - _ERROR) / _ONE, (total + _ERROR) / _ONE
    return low if low == high else None


def correctly_rounded_sin(x):
    if not math.isfinite(x) or abs(x) >= _REDUCIBLE or x == 0.0:
        return math.sin(x)
    if abs(x) < 1.4901161193847656e-08:  # 2**-26: sin x rounds to x
        return x
    if abs(x) < _FIXED_RANGE:
        found = _fixed(x, 0)
        if found is not None:
            return found
    return float(_sin_cos(x)[0])


def correctly_rounded_cos(x):
    if not math.isfinite(x) or abs(x) >= _REDUCIBLE:
        return math.cos(x)
    if 1.4901161193847656e-08 <= abs(x) < _FIXED_RANGE:
        found = _fixed(x, 1)
        if found is not None:
            return found
    return float(_sin_cos(x)[1])


def correctly_rounded_log(x):
    if not math.isfinite(x) or x <= 0.0 or x == 1.0:
        return math.log(x)
    with localcontext() as ctx:
        ctx.prec = _DIGITS
        return float(Decimal(x).ln())


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
    r = fma64(z, _LP[0], z2 * fma64(z, _LP[2], _LP[1]))
    r = fma64(z4 * z2, fma64(z, _LP[6], _LP[5]), fma64(z4, fma64(z, _LP[4], _LP[3]), r))
    if k == 0:
        return f - (hfsq - s * (hfsq + r))
    return fma64(k, _LN2_HI, -((hfsq - (s * (hfsq + r) + fma64(k, _LN2_LO, c))) - f))


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
    """x ** y, correctly rounded where y is an integer from 3 to 64 (glibc's pow is within 0.52 ulp
    and agrees with that more often than musl's pow does), else libm's pow."""
    if type(y) is float and y.is_integer():
        y = int(y)
    if type(y) is not int or not 3 <= y <= 64 or x == 0 or not math.isfinite(x):
        return math.pow(x, y)
    try:
        return float(Fraction(x) ** y)
    except OverflowError:
        return math.copysign(math.inf, x if y % 2 else 1.0)


if _on_glibc():  # CPython on Linux: math is glibc, the reference itself
    sin, cos, log, log1p, pow = math.sin, math.cos, math.log, math.log1p, math.pow
else:
    sin, cos, log, log1p = correctly_rounded_sin, correctly_rounded_cos, correctly_rounded_log, glibc_log1p
    pow = pow_correctly_rounded_integer
