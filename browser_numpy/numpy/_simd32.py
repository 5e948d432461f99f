"""numpy's own float32 `exp`, `log`, `sin`, `cos` and `tanh`, element by element, as numpy 2.x
computes them on x86-64-v3 (AVX2 + FMA3, a laptop without AVX-512): its SIMD algorithms, not libm's,
so their last bits differ from the correctly rounded values on a large share of inputs. Every
operation is the float32 one (`f32`), every multiply-add one fused rounding (`fma32`), in numpy's
order. numpy runs the same algorithm for every element (array tails and scalars included).

* exp (loops_exponent_log): Cody-Waite reduction by ln 2 in two float32 parts, exp of the
  remainder as a ratio of a degree-5 and a degree-2 polynomial, scaled by 2^k (a division makes
  the subnormal results).
* log (loops_exponent_log): mantissa in (sqrt(1/2), sqrt 2], log1p of it as a ratio of two
  degree-5 polynomials, plus k ln 2 in one fma.
* sin, cos (loops_trigonometric): Cody-Waite reduction by pi/2 in three parts, minimax sine and
  cosine polynomials picked and negated by the quadrant; beyond |x| of 117435.992 (sin) or
  71476.0625 (cos) numpy calls libm's sinf/cosf (glibc's, emulated in _libm32).
* tanh (loops_hyperbolic, converted from Intel's SVML): |x| picks one of 32 intervals by its
  exponent and two mantissa bits, a degree-6 polynomial in |x| - b on it, the sign put back.
"""
import math

from torch._aten import _libm32
from torch._float32 import bits32, f32, fma32, from_bits32

_NAN, _INF = math.nan, math.inf


def _floats(*words):
    return [from_bits32(w) for w in words]


# ---- exp ---------------------------------------------------------------------------------------
EXP_MAX = 88.72283935546875  # at or above: inf
EXP_MIN = -103.97208404541015625  # at or below: 0
LOG2E = f32(1.442695040888963407359924681001892137)
LN2_HIGH_NEG = f32(-6.93145752e-1)  # Cody-Waite: -ln 2 as an exact part and a small one
LN2_LOW_NEG = f32(-1.42860677e-6)
EXP_NUM = [f32(c) for c in (5.082762527590693718096e-04, 6.757896990527504603057e-03, 5.114512081637298353406e-02,
                            2.473615434895520810817e-01, 7.257664613233124478488e-01, 9.999999999980870924916e-01)]
EXP_DEN = [f32(c) for c in (2.159509375685829852307e-02, -2.742335390411667452936e-01, 1.0)]


def _horner(coefs, x):
    p = coefs[0]
    for c in coefs[1:]:
        p = fma32(p, x, c)
    return p


def exp(x):
    if x != x:
        return _NAN
    if x >= EXP_MAX:
        return _INF
    if x <= EXP_MIN:
        return 0.0
    k = float(round(f32(x * LOG2E)))  # rint, ties to even (numpy adds and subtracts 1.5 * 2^23)
    r = fma32(k, LN2_LOW_NEG, fma32(k, LN2_HIGH_NEG, x))
    poly = f32(_horner(EXP_NUM, r) / _horner(EXP_DEN, r))
    if k <= -125:  # a subnormal result: poly * 2^-125, then one rounding division by 2^(-125 - k)
        return f32(math.ldexp(poly, -125) / 2.0 ** (-125 - k))
    return math.ldexp(poly, int(k))


# ---- log ---------------------------------------------------------------------------------------
SQRT1_2 = f32(0.707106781186547524400844362104849039)
LN2 = f32(0.693147180559945309417232121458176568)
LOG_NUM = [f32(c) for c in (2.589979117907922693523e-02, 3.808837741388407920751e-01, 1.480000633576506585156e+00,
                            2.112677543073053063722e+00, 9.999999999999998702752e-01)]  # then x (its P0 is 0)
LOG_DEN = [f32(c) for c in (5.875095403124574342950e-03, 1.546476374983906719538e-01, 9.864942958519418960339e-01,
                            2.453006071784736363091e+00, 2.612677543073109236779e+00, 1.0)]


def log(x):
    if not x > 0.0 or x == _INF:
        return _NAN if x != x or x < 0.0 else -_INF if x == 0.0 else x
    m, k = math.frexp(x)  # m in [0.5, 1) as numpy's exponent/mantissa split (subnormals normalised)
    if m <= SQRT1_2:
        m += m
        k -= 1
    m -= 1.0  # exact
    poly = f32(f32(_horner(LOG_NUM, m) * m) / _horner(LOG_DEN, m))
    return fma32(float(k), LN2, poly)


# ---- sin, cos ----------------------------------------------------------------------------------
TWO_OVER_PI = float.fromhex("0x1.45f306p-1")
PIO2_NEG = [float.fromhex(h) for h in ("-0x1.921fb0p+00", "-0x1.5110b4p-22", "-0x1.846988p-48")]
COS_POLY = [float.fromhex(h) for h in ("0x1.98e616p-16", "-0x1.6c06dcp-10", "0x1.55553cp-05", "-0x1.000000p-01", "1.0")]
SIN_POLY = [float.fromhex(h) for h in ("0x1.7d3bbcp-19", "-0x1.a06bbap-13", "0x1.11119ap-07", "-0x1.555556p-03")]
SIN_LIMIT = f32(117435.992)  # beyond: libm
COS_LIMIT = 71476.0625


def _sincos(x, quarter_turns, limit, libm):
    if x != x:
        return _NAN
    if abs(x) > limit:
        return libm(x)
    k = float(round(f32(x * TWO_OVER_PI)))  # (-0.0 becomes +0.0, as numpy's rint by 1.5 * 2^23 does)
    r = x
    for c in PIO2_NEG:
        r = fma32(k, c, r)
    r2 = f32(r * r)
    q = int(k) + quarter_turns
    if q & 1:
        v = _horner(COS_POLY, r2)
    else:
        v = fma32(f32(_horner(SIN_POLY, r2) * r2) + 0.0, r, r)  # (+ 0.0: numpy's fma with a zero addend)
    return 0.0 - v if q & 2 else v


def sin(x):
    return _sincos(x, 0, SIN_LIMIT, _libm32.sinf_glibc1)


def cos(x):
    return _sincos(x, 1, COS_LIMIT, _libm32.cosf_glibc1)


# ---- tanh --------------------------------------------------------------------------------------
# Per interval: b (its start), then the polynomial's c0 .. c6 (numpy's lut32x8, bit patterns).
TANH_TABLE = list(zip(*[_floats(*row) for row in (
    (0x0, 0x3d700000, 0x3d900000, 0x3db00000, 0x3dd00000, 0x3df00000, 0x3e100000, 0x3e300000,
     0x3e500000, 0x3e700000, 0x3e900000, 0x3eb00000, 0x3ed00000, 0x3ef00000, 0x3f100000, 0x3f300000,
     0x3f500000, 0x3f700000, 0x3f900000, 0x3fb00000, 0x3fd00000, 0x3ff00000, 0x40100000, 0x40300000,
     0x40500000, 0x40700000, 0x40900000, 0x40b00000, 0x40d00000, 0x40f00000, 0x41100000, 0x0),
    (0x0, 0x3d6fb9c9, 0x3d8fc35f, 0x3daf9169, 0x3dcf49ab, 0x3deee849, 0x3e0f0ee8, 0x3e2e4984,
     0x3e4d2f8e, 0x3e6bb32e, 0x3e8c51cd, 0x3ea96163, 0x3ec543f1, 0x3edfd735, 0x3f028438, 0x3f18abf0,
     0x3f2bc480, 0x3f3bec1c, 0x3f4f2e5b, 0x3f613c53, 0x3f6ce37d, 0x3f743c4f, 0x3f7a5feb, 0x3f7dea85,
     0x3f7f3b3d, 0x3f7fb78c, 0x3f7fefd4, 0x3f7ffdd0, 0x3f7fffb4, 0x3f7ffff6, 0x3f7fffff, 0x3f800000),
    (0x3f800000, 0x3f7f1f84, 0x3f7ebd11, 0x3f7e1e5f, 0x3f7d609f, 0x3f7c842d, 0x3f7b00e5, 0x3f789580,
     0x3f75b8ad, 0x3f726fd9, 0x3f6cc59b, 0x3f63fb92, 0x3f59ff97, 0x3f4f11d7, 0x3f3d7573, 0x3f24f360,
     0x3f0cbfe7, 0x3eec1a69, 0x3eb0a801, 0x3e6753a2, 0x3e132f1a, 0x3db7e7d3, 0x3d320845, 0x3c84d3d4,
     0x3bc477b7, 0x3b10d3da, 0x3a01601e, 0x388c1a3b, 0x3717b0da, 0x35a43bce, 0x338306c6, 0x0),
    (0xb0343c7b, 0xbd6ee69d, 0xbd8f0da7, 0xbdae477d, 0xbdcd2a1f, 0xbdeba80d, 0xbe0c443b, 0xbe293cf3,
     0xbe44f282, 0xbe5f3651, 0xbe81c7c0, 0xbe96d7ca, 0xbea7fb8e, 0xbeb50e9e, 0xbec12efe, 0xbec4be92,
     0xbebce070, 0xbead510e, 0xbe8ef7d6, 0xbe4b8704, 0xbe083237, 0xbdaf7449, 0xbd2e1ec4, 0xbc83bf06,
     0xbbc3e0b5, 0xbb10aadc, 0xba0157db, 0xb88c18f2, 0xb717b096, 0xb5a43bae, 0xb383012c, 0x0),
    (0xbeaaaaa5, 0xbeab0612, 0xbea7f01f, 0xbea4e120, 0xbea387b7, 0xbea15962, 0xbe9d57f7, 0xbe976b5a,
     0xbe90230d, 0xbe880dff, 0xbe7479b3, 0xbe4c3d88, 0xbe212482, 0xbdeb8cba, 0xbd5e78ad, 0x3c6b5e6e,
     0x3d839143, 0x3dc21ee1, 0x3de347af, 0x3dcbec96, 0x3d99ef2d, 0x3d542ea1, 0x3cdde701, 0x3c2cca67,
     0x3b81cb27, 0x3ac073a1, 0x39ac3032, 0x383a94d9, 0x36ca081d, 0x355abd4c, 0x332b3cb6, 0x0),
    (0xb76dd6b9, 0xbe1c276d, 0x3c1dcf2f, 0x3dc1a78d, 0x3d96f985, 0x3da2b61b, 0x3dc13397, 0x3dd2f670,
     0x3df48a0a, 0x3e06c5a8, 0x3e1a3aba, 0x3e27c405, 0x3e2e78d0, 0x3e2c3e44, 0x3e1d3097, 0x3df4a8f4,
     0x3da38508, 0x3d31416a, 0x3b562657, 0xbcaeeac9, 0xbcce9419, 0xbcaaeac4, 0xbc49e7d0, 0xbba71ddd,
     0xbb003b0e, 0xba3f9a05, 0xb92c08a7, 0xb7ba9232, 0xb64a0b0f, 0xb4dac169, 0xb2ab78ac, 0x0),
    (0x3e0910e9, 0x43761143, 0x4165ecdc, 0xc190f756, 0xc08c097d, 0xc02ba813, 0xbf7f6bda, 0x3f2b1dc0,
     0x3ece105d, 0x3f426a94, 0xbadb0dc4, 0x3da43b17, 0xbd51ab88, 0xbcaea23d, 0xbd3b6d8d, 0xbd6caaad,
     0xbd795bed, 0xbd5fddda, 0xbd038f3b, 0xbc1cad63, 0x3abb4766, 0x3b95f10b, 0x3b825873, 0x3afaea66,
     0x3a49f878, 0x39996bf3, 0x388f3e6c, 0x371bb0e3, 0x35a8a5e6, 0x34369b17, 0x322487b0, 0x0),
    (0xbc0e2f66, 0x460bda12, 0x43d638ef, 0xc3e11c3e, 0xc2baa4e9, 0xc249da2d, 0xc1859b82, 0x40dd5b57,
     0x40494640, 0x40c730a8, 0xbf0f160e, 0x3e30e76f, 0xbea81387, 0xbdb26a1c, 0xbd351e57, 0xbb4c01a0,
     0x3c1d7bfb, 0x3c722cd1, 0x3c973f1c, 0x3c33a31b, 0x3b862ef4, 0x3a27b3d0, 0xba3b5907, 0xba0efc22,
     0xb97f9f0f, 0xb8c8af50, 0xb7bdddfb, 0xb64f2950, 0xb4e085b1, 0xb3731dfa, 0xb15a1f04, 0x0))]))


def tanh(x):
    if x != x:
        return _NAN
    top = bits32(x) & 0x7FE00000  # exponent and two mantissa bits of |x|
    if top > 0x7F000000:  # |x| >= 2^127 * 1.5 or inf
        return math.copysign(1.0, x)
    b, *coefs = TANH_TABLE[min(max(top - 0x3D400000, 0), 0x3E00000) >> 21]
    y = f32(abs(x) - b)
    r = coefs[6]
    for c in reversed(coefs[:6]):
        r = fma32(r, y, c)
    return math.copysign(r, x)  # (numpy ors in x's sign bit; r is never negative)
