# Partly derived from Cephes (BSD-3); notices: licenses/cephes.txt
"""The gamma family: lgamma, digamma, polygamma.

digamma and trigamma follow PyTorch's scalar kernels (ATen/native/Math.h: calc_digamma,
calc_trigamma) step by step in the input's float arithmetic. lgamma is the float64 value
rounded once; PyTorch's float32 lgamma is SLEEF's vectorised one, which differs from that in
the last bit for about 1% of inputs (near its zeros at 1 and 2).
"""
import math

from .._float32 import f32
from ..autograd.derivatives import op
from ._helpers import from_values
from .pointwise import float_dtype


def _map(x, fn):
    """fn on every element of x, in x's float dtype (integers compute in the default dtype)."""
    dtype = float_dtype(x)
    r = f32 if dtype.itemsize == 4 else float
    values = [r(fn(float(v), r)) for v in x._flat()]
    return from_values(values, x._shape, dtype)


def _lgamma(v, r):
    if math.isinf(v) or v <= 0 and v == math.floor(v):
        return math.inf
    return v if math.isnan(v) else math.lgamma(v)


_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
              -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
              8.33333333333333333333E-2)


def _digamma(x, r):
    if x == 0:
        return math.copysign(math.inf, -x)
    if math.isnan(x):
        return x
    if x < 0:
        if x == -math.inf or x == math.trunc(x):
            return math.nan
        frac = x - math.trunc(x)
        return r(_digamma(r(1 - x), r) - r(math.pi / math.tan(math.pi * frac)))
    result = 0.0
    while x < 10:
        result = r(result - r(1 / x))
        x = r(x + 1)
    if x == 10:
        return r(result + r(_PSI_10))
    y = 0.0
    if x < 1.0e17:
        z = r(1 / r(x * x))
        poly = r(_DIGAMMA_A[0])
        for a in _DIGAMMA_A[1:]:
            poly = r(r(poly * z) + r(a))
        y = r(z * poly)
    return r(r(r(result + r(math.log(x))) - r(r(0.5) / x)) - y)


def _trigamma(x, r):
    sign, result = 1.0, 0.0
    if x < 0.5:
        sign = -1.0
        pi = r(math.pi)
        s = r(math.sin(r(pi * x)))
        result = r(result - r(r(pi * pi) / r(s * s)))
        x = r(1 - x)
    for _ in range(6):
        result = r(result + r(1 / r(x * x)))
        x = r(x + 1)
    ixx = r(1 / r(x * x))
    tail = (1 + r(1 / r(2 * x)) + ixx * (1. / 6 - ixx * (1. / 30 - ixx * (1. / 42)))) / x
    return r(sign * r(result + tail))


_MACHEP = 1.11022302462515654042e-16
_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
           1.8152105401943546773e17, -7.1661652561756670113e18)


def _pow(a, b):
    """C's pow: overflow gives inf."""
    try:
        return a ** b
    except OverflowError:
        return math.inf


def _zeta(x, q, r=float):
    """Hurwitz zeta (Cephes, as ATen's zeta, in float64 but for its first power, taken in the
    dtype that ``r`` rounds to): torch.special.zeta, and polygamma of orders above 1."""
    if x == 1:
        return math.inf
    if x < 1:
        return math.nan
    if q <= 0:
        if math.isinf(q) or q == math.floor(q):  # (C's floor keeps an infinity)
            return math.inf
        if math.isfinite(x) and x != math.floor(x):
            return math.nan
    s = r(_pow(q, -x))
    a, i, b = q, 0, 0.0
    while i < 9 or a <= 9.0:
        i += 1
        a += 1.0
        b = _pow(a, -x)
        s += b
        if -_MACHEP * s < b < _MACHEP * s:
            return s
    w = a
    s += b * w / (x - 1.0)
    s -= 0.5 * b
    a, k = 1.0, 0.0
    for j in range(12):
        a *= x + k
        b /= w
        t = a * b / _ZETA_A[j]
        s += t
        if s != 0 and abs(t / s) < _MACHEP:  # (t / 0 is inf or nan in C: not below)
            return s
        k += 1.0
        a *= x + k
        b /= w
        k += 1.0
    return s


def _polygamma_value(n, x, r):
    if n == 0:
        return _digamma(x, r)
    if n == 1:
        return _trigamma(x, r)
    return (1.0 if n % 2 else -1.0) * math.exp(math.lgamma(n + 1.0)) * _zeta(n + 1.0, x)


@op("LgammaBackward0", name="lgamma", result="auto_element_wise", forms="torch Tensor Tensor_", self=lambda grad, self: grad * digamma(self))
def lgamma(self):
    return _map(self, _lgamma)


@op("DigammaBackward0", name="digamma", result="auto_element_wise", forms="torch Tensor Tensor_", self=lambda grad, self: grad * polygamma(1, self))
def digamma(self):
    return _map(self, _digamma)


@op("PolygammaBackward0", name="polygamma", result="auto_element_wise", self=lambda grad, n, self: grad * polygamma(n + 1, self))
def _polygamma(n, self):
    return _map(self, lambda v, r: _polygamma_value(n, v, r))


@op(name="polygamma", forms="torch")
def polygamma(n, input, *, out=None):
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return _polygamma(n, input)
