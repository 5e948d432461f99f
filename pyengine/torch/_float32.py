"""IEEE float32 arithmetic on Python floats.

Python floats are float64; a float32 value is a float64 that happens to be exactly
representable in float32. Every helper here returns such values, rounded once
(round-to-nearest-even), which is what PyTorch's CPU kernels do.
"""
import math
import struct
from array import array

_pack_f = struct.Struct("<f").pack
_unpack_f = struct.Struct("<f").unpack
_pack_d = struct.Struct("<d").pack
_unpack_d = struct.Struct("<d").unpack
_pack_I = struct.Struct("<I").pack
_unpack_I = struct.Struct("<I").unpack
_pack_Q = struct.Struct("<Q").pack
_unpack_Q = struct.Struct("<Q").unpack

FLT_MAX = 3.4028234663852886e38


_box = array("f", (0.0,))


def f32(v):
    """Round a Python number to the nearest float32 (overflow gives +-inf, as a C cast does)."""
    try:
        _box[0] = v  # stored as a C float: rounded once, nothing allocated
        return _box[0]
    except OverflowError:
        # Values beyond FLT_MAX that still round to it keep it; the rest overflow.
        if math.isnan(v):
            return v
        return math.copysign(math.inf, v) if abs(v) >= 3.4028235677973366e38 else math.copysign(FLT_MAX, v)


def bits32(v):
    """The IEEE bit pattern of float32 v as an unsigned int."""
    return _unpack_I(_pack_f(v))[0]


def from_bits32(b):
    return _unpack_f(_pack_I(b & 0xFFFFFFFF))[0]


def bits64(v):
    return _unpack_Q(_pack_d(v))[0]


def from_bits64(b):
    return _unpack_d(_pack_Q(b & 0xFFFFFFFFFFFFFFFF))[0]


def _two_sum(a, b):
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


def fma32(a, b, c):
    """a*b+c for float32 a, b, c with a single float32 rounding.

    The float64 product of two float32 values is exact, so the float64 sum is the exact value
    rounded once; rounding it again to float32 is wrong only where it landed exactly halfway
    between two float32 values (the tie would go to even, whichever side the exact value was on):
    there the float64 sum's rounding error picks the side.
    """
    p = a * b
    s = p + c
    try:
        _box[0] = s
        r = _box[0]
        m = s + (s - r)  # the float32 beyond s when s is halfway between it and r
        _box[0] = m
        if m == r or _box[0] != m:
            return r
    except OverflowError:
        return _fma32_rounded_to_odd(a, b, c)
    if r - r != 0.0:  # rounded to inf
        return _fma32_rounded_to_odd(a, b, c)
    v = s - p
    err = (p - (s - v)) + (c - v)
    if err == 0.0:
        return r
    return m if (err > 0.0) == (m > r) else r


def _fma32_rounded_to_odd(a, b, c):
    """fma32 the slow way: the float64 sum rounded to odd, which makes its rounding to float32
    correct (no double rounding)."""
    p = a * b
    s, err = _two_sum(p, c)
    if err != 0.0 and math.isfinite(s):
        b64 = bits64(s)
        if not b64 & 1:
            # step one float64 ulp towards err: away from zero if signs agree
            b64 += 1 if (err > 0) == (s > 0) else -1
            s = from_bits64(b64)
    return f32(s)


if hasattr(math, "fma"):  # Python >= 3.13 (Pyodide): exact float64 fma in C
    # For algorithms whose operands and result are finite by construction (glibc's sin/cos
    # polynomials): Python's fma raises where C's returns NaN or an infinity.
    fma64_finite = math.fma

    def fma64(a, b, c):
        """a*b+c in float64 with a single rounding; NaN and infinities as C's fma gives them."""
        try:
            return fma64_finite(a, b, c)
        except ValueError:  # inf * 0 or inf - inf from operands that are not NaN
            return math.nan
        except OverflowError:  # the exact result's sign, overflowed
            return math.copysign(math.inf, a * b + c)
else:
    def fma64(a, b, c):
        """a*b+c in float64 with a single rounding (exact rational arithmetic on the floats'
        integer ratios; Python's int true division rounds correctly)."""
        if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
            return a * b + c
        na, da = a.as_integer_ratio()
        nb, db = b.as_integer_ratio()
        nc, dc = c.as_integer_ratio()
        num = na * nb * dc + nc * da * db
        if num == 0:
            return a * b + c  # keeps IEEE's signed-zero rules
        try:
            return num / (da * db * dc)
        except OverflowError:
            return math.inf if num > 0 else -math.inf

    fma64_finite = fma64
