# Derived from Cephes (BSD-3), SciPy (BSD-3), Boost.Math (BSL-1.0); notices: licenses/cephes.txt,
# licenses/scipy.txt, licenses/boost-math.txt
"""torch.special's scaled error functions (erfcx, log_ndtr), incomplete gamma functions
(igamma, igammac), Hurwitz zeta, orthogonal polynomials, Bessel functions (J, Y, modified I
and K, spherical j0) and Airy Ai.

Each follows the scalar CPU kernel PyTorch runs (ATen's Math.h, after Cephes, SciPy and the
Faddeeva package), rounding each step to the dtype as that kernel does and fusing the
multiply-adds its compiled loop fuses: zeta, the polynomials and the Bessel and Airy functions
are bit-identical in float64 (float32: within 2e-7, the C library's sinf/cosf/expf). Two
tables are not reproduced: erfcx's 100-interval Chebyshev table (here the float64 value from
erfc, or a continued fraction: erfcx and log_ndtr are within a few float64 ulp) and igamma's
asymptotic expansion for large a (here a float64 sum: within 2e-9 of PyTorch's, which is
that far from the true value, 1e-16 from this sum, at a = 20.5, x = 14.88).
"""
import math

from .. import _dtype
from .._float32 import f32, fma32, fma64
from .._tensor import Tensor
from ..autograd.derivatives import op
from .gamma import _map, _zeta
from .pointwise_more import _I0_A, _I0_B, _I1_A, _I1_B, _chbevl
from .pointwise import _result_dtype, elementwise

_INV_SQRT_PI = 0.56418958354775628694807945156


def _exp(x):
    """C's exp: overflow gives inf."""
    return math.exp(x) if x < 709.78 else math.inf


def _log(x):
    """C's log at 0 and beyond (the arguments here are not negative)."""
    return math.log(x) if x > 0 else -math.inf if x == 0 else math.nan


def _trig(fn, x):
    """C's sin or cos: nan at an infinity."""
    return fn(x) if math.isfinite(x) else math.nan


def _erfcx_float64(x):
    """exp(x*x) * erfc(x) for x >= 0, to a few float64 ulp."""
    if x < 12.0:
        square = x * x
        return math.exp(square) * math.erfc(x) * (1.0 + fma64(x, x, -square))  # exp(lo) = 1 + lo
    fraction = x  # the continued fraction x + (1/2)/(x + 1/(x + (3/2)/(x + ...))), from its tail
    for k in range(60, 0, -1):
        fraction = x + k / 2 / fraction
    return _INV_SQRT_PI / fraction


def _erfcx_interval(x, r):
    """ATen's erfcx_y100(400 / (4 + x)): its argument is rounded to the dtype, which moves the
    point the table evaluates to 400 / y100 - 4; the table's value is then rounded too."""
    y100 = r(400.0 / r(4.0 + x))
    return r(_erfcx_float64(400.0 / y100 - 4.0))


def _erfcx(x, r):
    if math.isnan(x):
        return x
    if x >= 0:
        if x > 50:
            if x > 5e7:
                return r(r(_INV_SQRT_PI) / x)
            # the 5-term continued fraction, with float64 constants (float32 differs from
            # PyTorch by an ulp on about 1 input in 3 here: a rounding order not found)
            square = r(x * x)
            return r(r(_INV_SQRT_PI) * (square * (square + 4.5) + 2) / (x * (square * (square + 5) + 3.75)))
        return _erfcx_interval(x, r)
    if x < -26.7:
        return math.inf
    twice_exp = 2 * _exp(r(x * x))  # C's exp(double), for float32 too
    if x < -6.1:
        return r(twice_exp)
    return r(twice_exp - _erfcx_interval(-x, r))


@op("SpecialErfcxBackward0", name="special_erfcx", result="auto_element_wise",
    self=lambda grad, self, result: (2.0 * self * result - 2.0 / math.sqrt(math.pi)) * grad)
def erfcx(self):
    """torch.special.erfcx: exp(x**2) * erfc(x)."""
    return _map(self, _erfcx)


_SQRT_HALF = math.sqrt(0.5)


def _log_ndtr(x, r):
    t = r(x * r(_SQRT_HALF))
    if x < -1.0:
        return r(r(_log(r(_erfcx(-t, r) / 2))) - r(t * t))
    return r(math.log1p(r(-r(math.erfc(t)) / 2)))


@op("SpecialLogNdtrBackward0", name="special_log_ndtr", result="auto_element_wise",
    self=lambda grad, self, result: grad / math.sqrt(2 * math.pi) * (result + self.pow(2) / 2).neg().exp())
def log_ndtr(self):
    """torch.special.log_ndtr: the log of the standard normal CDF."""
    return _map(self, _log_ndtr)


# ---- regularized incomplete gamma functions: ATen's calc_igamma / calc_igammac (after SciPy) ----
# Each step is rounded to the dtype as the scalar kernel rounds it (its double literals make
# some steps float64 for float32 inputs). Where a is large and x near it, PyTorch sums DLMF
# 8.12's asymptotic expansion (a 25x25 table); here the power series or continued fraction
# below, summed in float64 until it converges, stand in (Temme's first two terms past 1e5).

_LANCZOS_G = 6.024680040776729583740234375
_LANCZOS_NUM = (0.006061842346248906525783753964555936883222, 0.5098416655656676188125178644804694509993,
                19.51992788247617482847860966235652136208, 449.9445569063168119446858607650988409623,
                6955.999602515376140356310115515198987526, 75999.29304014542649875303443598909137092,
                601859.6171681098786670226533699352302507, 3481712.15498064590882071018964774556468,
                14605578.08768506808414169982791359218571, 43338889.32467613834773723740590533316085,
                86363131.28813859145546927288977868422342, 103794043.1163445451906271053616070238554,
                56906521.91347156388090791033559122686859)
# the denominator: x(x+1)...(x+11), its coefficients highest first
_LANCZOS_DENOM = (1., 66., 1925., 32670., 357423., 2637558., 13339535., 45995730., 105258076., 150917976.,
                  120543840., 39916800., 0.)


class _Gamma:
    """The incomplete gamma kernels for one dtype: ``r`` rounds to it, and its constants."""

    def __init__(self, single):
        r = self.r = f32 if single else float
        self.machep = 5.9604644775390625E-8 if single else 1.11022302462515654042E-16
        self.maxlog = 88.72283905206835 if single else 7.09782712893383996843E2
        self.big = 16777216. if single else 4.503599627370496e15
        self.num = tuple(map(r, _LANCZOS_NUM))
        self.denom = tuple(map(r, _LANCZOS_DENOM))
        self.g = r(_LANCZOS_G)
        self.e = r(2.718281828459045)

    def lanczos_sum(self, a):
        """The rational Lanczos sum, in 1/a above 1 (ratevl)."""
        r = self.r
        num, denom, y = (self.num[::-1], self.denom[::-1], r(1 / a)) if abs(a) > 1 else (self.num, self.denom, a)
        n = num[0]
        for c in num[1:]:
            n = r(r(n * y) + c)
        d = denom[0]
        for c in denom[1:]:
            d = r(r(d * y) + c)
        return r(n / d)

    def prefactor(self, a, x):
        """x**a * exp(-x) / gamma(a) (_igam_helper_fac)."""
        r = self.r
        if abs(r(a - x)) > 0.4 * abs(a):
            ax = r(r(r(a * r(math.log(x))) - x) - r(math.lgamma(a)))
            return 0.0 if ax < -self.maxlog else r(_exp(ax))
        fac = r(r(a + self.g) - 0.5)
        res = r(r(math.sqrt(r(fac / self.e))) / self.lanczos_sum(a))
        if a < 200 and x < 200:
            return r(res * r(r(_exp(r(a - x))) * r(r(x / fac) ** a)))
        numfac = r(r(r(r(x - a) - self.g) + 0.5) / fac)
        return r(res * _exp(r(a * r(r(math.log1p(numfac)) - numfac)) + x * (0.5 - self.g) / fac))

    def lower_series(self, a, x, limit=2000):
        """P(a, x) by its power series (DLMF 8.11.4)."""
        r = self.r
        ax = self.prefactor(a, x)
        if ax == 0.0:
            return 0.0
        term, total, c = a, 1.0, 1.0
        for _ in range(limit):
            term = r(term + 1.0)
            c = r(c * r(x / term))
            total = r(total + c)
            if c <= self.machep * total:
                break
        return r(r(total * ax) / a)

    def upper_series(self, a, x):
        """Q(a, x) for small x (DLMF 8.7.3)."""
        r = self.r
        fac, total = 1.0, 0.0
        for n in range(1, 2000):
            fac = r(fac * r(-x / n))
            term = r(fac / r(a + n))
            total = r(total + term)
            if abs(term) <= self.machep * abs(total):
                break
        logx = r(math.log(x))
        first = -r(math.expm1(r(r(a * logx) - r(math.lgamma(r(1 + a))))))
        return r(first - r(r(_exp(r(r(a * logx) - r(math.lgamma(a))))) * total))

    def upper_fraction(self, a, x, limit=2000):
        """Q(a, x) by its continued fraction (DLMF 8.9.2)."""
        r = self.r
        ax = self.prefactor(a, x)
        if ax == 0.0:
            return 0.0
        y = r(1.0 - a)
        z = r(r(x + y) + 1.0)
        c, pkm2, qkm2, pkm1 = 0.0, 1.0, x, r(x + 1.0)
        qkm1 = r(z * x)
        ans = r(pkm1 / qkm1)
        for _ in range(limit):
            c, y, z = r(c + 1.0), r(y + 1.0), r(z + 2.0)
            yc = r(y * c)
            pk = r(r(pkm1 * z) - r(pkm2 * yc))
            qk = r(r(qkm1 * z) - r(qkm2 * yc))
            if qk != 0:
                ratio = r(pk / qk)
                t = abs(r(r(ans - ratio) / ratio)) if ratio != 0 else math.inf  # (C: inf or nan, not small)
                ans = ratio
            else:
                t = 1.0
            pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
            if abs(pk) > self.big:
                inv = 1 / self.big
                pkm2, pkm1, qkm2, qkm1 = r(pkm2 * inv), r(pkm1 * inv), r(qkm2 * inv), r(qkm1 * inv)
            if t <= self.machep:
                break
        return r(ans * ax)

    @staticmethod
    def asymptotic(a, x):
        """a large and x near a: (P, Q) in float64, the smaller one summed until it converges;
        beyond a = 1e5, DLMF 8.12.4's first two terms (the next is below 1e-10 of a term)."""
        if a > 1e5:
            sigma = (x - a) / a
            eta = math.copysign(math.sqrt(2 * (sigma - math.log1p(sigma))), sigma)
            # c0 = 1/sigma - 1/eta, by its Taylor series where that difference cancels
            c0 = 1 / sigma - 1 / eta if abs(eta) > 1e-3 else -1 / 3 + eta * (1 / 12 - eta * (2 / 135 - eta / 864))
            correction = math.exp(-0.5 * a * eta * eta) * c0 / math.sqrt(2 * math.pi * a)
            q = 0.5 * math.erfc(eta * math.sqrt(a / 2)) + correction
            return 1.0 - q, q
        if x < a:
            p = _GAMMA[False].lower_series(a, x, limit=10 ** 6)
            return p, 1.0 - p
        q = _GAMMA[False].upper_fraction(a, x, limit=10 ** 6)
        return 1.0 - q, q

    def edge(self, a, x, lower):
        """The boundary values (SciPy's), or None inside the domain."""
        if x < 0 or a < 0:
            return math.nan
        if a == 0:
            return (1.0 if lower else 0.0) if x > 0 else math.nan
        if x == 0:
            return 0.0 if lower else 1.0
        if math.isinf(a):
            return math.nan if math.isinf(x) else (0.0 if lower else 1.0)
        if math.isinf(x):
            return 1.0 if lower else 0.0
        return None

    def near(self, a, x):
        """Whether x is close enough to a large a for the asymptotic expansion."""
        r = self.r
        ratio = r(abs(r(x - a)) / a)
        return 20.0 < a < 200.0 and ratio < 0.3 or a > 200.0 and ratio < r(4.5 / r(math.sqrt(a)))

    def settled(self, a, x, lower):
        """The boundary value, or the value where a is large and x near it; else None."""
        edge = self.edge(a, x, lower)
        if edge is None and self.near(a, x):
            return self.r(self.asymptotic(a, x)[0 if lower else 1])
        return edge

    def igammac(self, a, x):
        r = self.r
        settled = self.settled(a, x, False)
        if settled is not None:
            return settled
        if x > 1.1:
            return r(1.0 - self.lower_series(a, x)) if x < a else self.upper_fraction(a, x)
        if (-0.4 / r(math.log(x)) < a) if x <= 0.5 else x * 1.1 < a:
            return r(1.0 - self.lower_series(a, x))
        return self.upper_series(a, x)

    def igamma(self, a, x):
        settled = self.settled(a, x, True)
        if settled is not None:
            return settled
        if x > 1.0 and x > a:
            return self.r(1.0 - self.igammac(a, x))
        return self.lower_series(a, x)


_GAMMA = {single: _Gamma(single) for single in (False, True)}


def _gamma_kernel(name):
    def value(a, x, r):
        return getattr(_GAMMA[r is f32], name)(a, x)
    return value


_igamma, _igammac = _gamma_kernel("igamma"), _gamma_kernel("igammac")


def _gamma_density(self, other):
    """d igamma(a, x) / dx: x**(a-1) exp(-x) / gamma(a), as PyTorch's formula writes it."""
    return ((self - 1) * other.log() - other - self.lgamma()).exp()


def _not_implemented(what):
    raise NotImplementedError(f"the derivative for '{what}' is not implemented.")


def _tensors_only(name, first_position, **args):
    """PyTorch's parser error for a number where igamma's signature has only Tensors."""
    for position, (arg, value) in enumerate(args.items(), first_position):
        if not isinstance(value, Tensor):
            raise TypeError(f"{name}(): argument '{arg}' (position {position}) must be Tensor, "
                            f"not {type(value).__name__}")


@op("IgammaBackward0", name="igamma", forms="Tensor Tensor_",
    self=lambda grad: _not_implemented("igamma: input"),
    other=lambda grad, self, other: grad * _gamma_density(self, other))
def _igamma_op(self, other):
    _tensors_only("igamma", 1, other=other)
    return elementwise(_igamma, "igamma", self, other)


@op("IgammacBackward0", name="igammac", forms="Tensor Tensor_",
    self=lambda grad: _not_implemented("igammac: input"),
    other=lambda grad, self, other: -grad * _gamma_density(self, other))
def _igammac_op(self, other):
    _tensors_only("igammac", 1, other=other)
    return elementwise(_igammac, "igammac", self, other)


@op(name="igamma", forms="torch")
def igamma(input, other):
    """The regularized lower incomplete gamma function P(a, x)."""
    _tensors_only("igamma", 1, input=input, other=other)
    return _igamma_op(input, other)


@op(name="igammac", forms="torch")
def igammac(input, other):
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    _tensors_only("igammac", 1, input=input, other=other)
    return _igammac_op(input, other)


def gammainc(input, other):
    """torch.special.gammainc: igamma."""
    _tensors_only("special_gammainc", 1, input=input, other=other)
    return _igamma_op(input, other)


def gammaincc(input, other):
    """torch.special.gammaincc: igammac."""
    _tensors_only("special_gammaincc", 1, input=input, other=other)
    return _igammac_op(input, other)


# ---- Hurwitz zeta: Cephes' Euler-Maclaurin sum, in float64 for both dtypes (ATen's acc_type) --

def _zeta_value(x, q, r):
    return r(_zeta(x, q, r))


@op("SpecialZetaBackward0", name="special_zeta",
    self=lambda grad: _not_implemented("zeta"),
    other=lambda grad, self, other: grad * -self * zeta(self + 1.0, other))
def _zeta_tensors(self, other):
    return _promoted(_zeta_value, self, other)


@op("SpecialZetaBackward1", name="special_zeta.self_scalar",
    other=lambda grad, self, other: grad * -self * zeta(self + 1.0, other))
def _zeta_self_number(self, other):
    return _promoted(_zeta_value, self, other)


@op("SpecialZetaBackward2", name="special_zeta.other_scalar", self=lambda grad: _not_implemented("zeta"))
def _zeta_other_number(self, other):
    return _promoted(_zeta_value, self, other)


def zeta(input, other):
    """torch.special.zeta: the Hurwitz zeta function sum over k >= 0 of (k + other) ** -input."""
    if isinstance(input, Tensor):
        return (_zeta_tensors if isinstance(other, Tensor) else _zeta_other_number)(input, other)
    if isinstance(other, Tensor):
        return _zeta_self_number(input, other)
    raise TypeError(f"special_zeta() received an invalid combination of arguments - got ({type(input).__name__}, "
                    f"{type(other).__name__}), but expected one of:\n"
                    " * (Tensor input, Tensor other, *, Tensor out = None)\n"
                    " * (Number self, Tensor other, *, Tensor out = None)\n"
                    " * (Tensor input, Number other, *, Tensor out = None)\n")


def _promoted(fn, x, y):
    """fn(a, b, r) on each pair of elements, integer inputs computing in the default float dtype."""
    if _result_dtype(x, y).kind != "f":
        default = _dtype.get_default_dtype()
        x, y = (v.to(default) if isinstance(v, Tensor) else v for v in (x, y))
    return elementwise(fn, "", x, y)


# ---- orthogonal polynomials of degree n (its float value truncated to an integer) ---------------
# ATen's recurrences in the dtype; the trigonometric closed forms where ATen uses them.

def _fma(r):
    """The fused multiply-add of r's dtype: the compiled kernel contracts a * b - c into one."""
    return fma32 if r is f32 else fma64


def _degree(n):
    """static_cast<int64_t>(n): nan, inf and values beyond int64 give INT64_MIN on x86 (a negative
    degree)."""
    return int(n) if abs(n) < 2.0 ** 63 else -2 ** 63


def _recurrence(twice, p, q, n, r):
    """q_k = twice * q_{k-1} - q_{k-2} for k = 2..n (stopping at a nan), from p, q."""
    for _ in range(2, n + 1):
        if math.isnan(q):
            break
        p, q = q, _fma(r)(twice, q, -p)
    return q


def _odd_sign(n, value):
    return value if n % 2 == 0 else -value


def _acos(y, r):
    return r(math.acos(y))


def _chebyshev_t(x, n, r, shifted=False):
    y = r(r(x + x) - 1.0) if shifted else x
    if n < 0:
        return 0.0
    if (x == 1.0 or x == 0.0) if shifted else abs(x) == 1.0:
        return 1.0 if (x == 1.0 if shifted else x > 0) else _odd_sign(n, 1.0)
    if n > 6 and abs(y) < 1.0:
        return r(math.cos(r(r(n) * _acos(y, r))))
    if n == 0:
        return 1.0
    return y if n == 1 else _recurrence(r(y + y), 1.0, y, n, r)


def _chebyshev_u(x, n, r, shifted=False):
    y = r(r(x + x) - 1.0) if shifted else x
    if n < 0:
        return 0.0
    if (x == 1.0 or x == 0.0) if shifted else abs(x) == 1.0:
        return r(n + 1) if (x == 1.0 if shifted else x > 0) else r(_odd_sign(n, n + 1))
    if n > (6 if shifted else 8) and abs(y) < 1.0:
        angle = _acos(y, r)
        sin = r(math.sin(angle))
        times = r(r(n + 1) * angle)
        return r(r(math.sin(times)) / sin) if sin != 0.0 else r(r(r(n + 1) * r(math.cos(times))) / y)
    if n == 0:
        return 1.0
    twice = r(y + y)
    return twice if n == 1 else _recurrence(twice, 1.0, twice, n, r)


def _chebyshev_vw(x, n, r, shifted=False, fourth=False):
    """The third kind V, or with ``fourth`` the fourth kind W: ATen's two kernels are mirror
    images (their end values, sin and cos, and the recurrence's start swap)."""
    y = r(r(x + x) - 1.0) if shifted else x
    odd = r(n + n + 1)
    one_end, other_end = (odd, _odd_sign(n, 1.0)) if fourth else (1.0, _odd_sign(n, odd))
    if n < 0:
        return 0.0
    if (x == 1.0 or x == 0.0) if shifted else abs(x) == 1.0:
        return one_end if (x == 1.0 if shifted else x > 0) else other_end
    if n > ((4 if fourth else 6) if shifted else 8) and abs(y) < 1.0:
        angle = _acos(y, r)
        half = r(angle / 2.0)
        wave, check = (math.sin, math.cos) if fourth else (math.cos, math.sin)
        if r(check(half)) != 1.0:
            return r(r(wave(r(r(r(n) + 0.5) * angle))) / r(wave(half)))
        return one_end if fourth and x > 0 and not shifted else other_end
    if n == 0:
        return 1.0
    twice = r(y + y)
    start = r(twice + 1.0) if fourth else r(twice - 1.0)
    return start if n == 1 else _recurrence(twice, 1.0, start, n, r)


def _hermite_h(x, n, r):
    if n < 0:
        return 0.0
    if n == 0:
        return 1.0
    twice = r(x + x)
    if n == 1:
        return twice
    if n > (128 if r is f32 else 512):
        return math.nan
    p, q = 1.0, twice
    for k in range(2, n + n, 2):
        p, q = q, _fma(r)(twice, q, -r(k * p))
    return q


def _hermite_he(x, n, r):
    if n < 0:
        return 0.0
    if n <= 1:
        return 1.0 if n == 0 else x
    if n > (128 if r is f32 else 512):
        return math.nan
    p, q = 1.0, x
    for k in range(1, n):
        p, q = q, _fma(r)(x, q, -r(k * p))
    return q


def _laguerre_l(x, n, r):
    if n < 0:
        return 0.0
    if x == 0.0 or n == 0:
        return 1.0
    one_minus = r(1.0 - x)
    p, q = 1.0, one_minus
    for k in range(1, n):
        if math.isnan(q):
            break
        p, q = q, r(_fma(r)(r(k + k + one_minus), q, -r(k * p)) / (k + 1))
    return q


def _legendre_p(x, n, r):
    if n < 0:
        return 0.0
    if abs(x) == 1.0:
        return 1.0 if x > 0 else _odd_sign(n, 1.0)
    if n <= 1:
        return 1.0 if n == 0 else x
    p, q = 1.0, x
    for k in range(1, n):
        if math.isnan(q):
            break
        p, q = q, r(_fma(r)(r(r(k + k + 1) * x), q, -r(k * p)) / (k + 1))
    return q


def _polynomial(kernel, **fixed):
    def value(x, n, r):
        return r(kernel(x, _degree(n), r, **fixed))

    def polynomial(input, n):
        return _promoted(value, input, n)
    return polynomial


chebyshev_polynomial_t = _polynomial(_chebyshev_t)
chebyshev_polynomial_u = _polynomial(_chebyshev_u)
chebyshev_polynomial_v = _polynomial(_chebyshev_vw)
chebyshev_polynomial_w = _polynomial(_chebyshev_vw, fourth=True)
shifted_chebyshev_polynomial_t = _polynomial(_chebyshev_t, shifted=True)
shifted_chebyshev_polynomial_u = _polynomial(_chebyshev_u, shifted=True)
shifted_chebyshev_polynomial_v = _polynomial(_chebyshev_vw, shifted=True)
shifted_chebyshev_polynomial_w = _polynomial(_chebyshev_vw, shifted=True, fourth=True)
hermite_polynomial_h = _polynomial(_hermite_h)
hermite_polynomial_he = _polynomial(_hermite_he)
laguerre_polynomial_l = _polynomial(_laguerre_l)
legendre_polynomial_p = _polynomial(_legendre_p)


# ---- Bessel functions: Cephes' j0.c/j1.c (J, Y), k0.c/k1.c (K), i0.c/i1.c, and airy.c ---------
# J and Y below 5 are rational functions of x*x; above, the Hankel asymptotic form with rational
# amplitude and phase corrections in 25/x**2. I and K are Chebyshev series. Cephes'
# coefficients (the float32 kernels round them to float32).

_J0_PP = (0.0007969367292973471, 0.08283523921074408, 1.239533716464143, 5.447250030587687, 8.74716500199817,
          5.303240382353949, 1.0)
_J0_PQ = (0.0009244088105588637, 0.08562884743544745, 1.2535274390105895, 5.470977403304171, 8.761908832370695,
          5.306052882353947, 1.0)
_J0_QP = (-0.011366383889846916, -1.2825271867050931, -19.553954425773597, -93.20601521237683, -177.68116798048806,
          -147.07750515495118, -51.41053267665993, -6.050143506007285)
_J0_QQ = (64.3178256118178, 856.4300259769806, 3882.4018360540163, 7240.467741956525, 5930.727011873169,
          2062.0933166032783, 242.0057402402914)
_J0_RP = (-4794432209.782018, 1956174919465.5657, -249248344360967.72, 9708622510473064.0)
_J0_RQ = (499.563147152651, 173785.4016763747, 48440965.83399621, 11185553704.535683, 2112775201154.892,
          310518229857422.56, 3.1812195594320496e+16, 1.7108629408104315e+18)
_J1_PP = (0.0007621256162081731, 0.07313970569409176, 1.1271960812968493, 5.112079511468076, 8.424045901417724,
          5.214515986823615, 1.0)
_J1_PQ = (0.0005713231280725487, 0.06884559087544954, 1.105142326340617, 5.073863861286015, 8.399855543276042,
          5.209828486823619, 1.0)
_J1_QP = (0.05108625947501766, 4.982138729512334, 75.82382841325453, 366.7796093601508, 710.8563049989261,
          597.4896124006136, 211.68875710057213, 25.207020585802372)
_J1_QQ = (74.23732770356752, 1056.4488603826283, 4986.410583376536, 9562.318924047562, 7997.041604473507,
          2826.1927851763908, 336.0936078106983)
_J1_RP = (-899971225.7055594, 452228297998.19403, -72749424522181.83, 3682957328638529.0)
_J1_RQ = (620.8364781180543, 256987.25675774884, 83514679.14319493, 22151159547.97925, 4749141220799.914,
          784369607876235.9, 8.952223361846274e+16, 5.322786203326801e+18)
_Y0_P = (15592.436785523574, -14663929.59039716, 5435264770.518765, -982136065717.9115, 87590639439536.7,
         -3466283033847297.0, 4.4273326857256984e+16, -1.8495080043698668e+16)
_Y0_Q = (1041.2835366425984, 626107.330137135, 268919633.39381415, 86400248710.3935, 20297961275010.555,
         3171577528429750.5, 2.5059625617265306e+17)
_Y1_P = (1263204747.9017804, -647355876379.1603, 114509511541823.73, -8127702555013251.0, 2.024394757135949e+17,
         -7.788771962659501e+17)
_Y1_Q = (594.3015923461282, 235564.09294306856, 73481194.44597217, 18760131610.870617, 3882312774962.3857,
         620557727146953.8, 6.871410873553005e+16, 3.9727060811656064e+18)
_K0_A = (1.374465435613523e-16, 4.25981614279661e-14, 1.0349695257633842e-11, 1.904516377220209e-09,
         2.5347910790261494e-07, 2.286212103119452e-05, 0.001264615411446926, 0.0359799365153615,
         0.3442898999246285, -0.5353273932339028)
_K0_B = (5.300433772686263e-18, -1.6475804301524212e-17, 5.2103915050390274e-17, -1.678231096805412e-16,
         5.512055978524319e-16, -1.848593377343779e-15, 6.3400764774050706e-15, -2.2275133269916698e-14,
         8.032890775363575e-14, -2.9800969231727303e-13, 1.140340588208475e-12, -4.514597883373944e-12,
         1.8559491149547177e-11, -7.957489244477107e-11, 3.577397281400301e-10, -1.69753450938906e-09,
         8.574034017414225e-09, -4.660489897687948e-08, 2.766813639445015e-07, -1.8317555227191195e-06,
         1.39498137188765e-05, -0.00012849549581627802, 0.0015698838857300533, -0.0314481013119645,
         2.4403030820659555)
_K1_A = (-7.023863479386288e-18, -2.427449850519366e-15, -6.666901694199329e-13, -1.4114883926335278e-10,
         -2.213387630734726e-08, -2.4334061415659684e-06, -0.0001730288957513052, -0.006975723859639864,
         -0.12261118082265715, -0.3531559607765449, 1.5253002273389478)
_K1_B = (-5.756744483665017e-18, 1.7940508731475592e-17, -5.689462558442859e-17, 1.838093544366639e-16,
         -6.057047248373319e-16, 2.038703165624334e-15, -7.019837090418314e-15, 2.4771544244813043e-14,
         -8.976705182324994e-14, 3.3484196660784293e-13, -1.2891739609510289e-12, 5.13963967348173e-12,
         -2.1299678384275683e-11, 9.218315187605006e-11, -4.1903547593418965e-10, 2.015049755197033e-09,
         -1.0345762465678097e-08, 5.7410841254500495e-08, -3.5019606030878126e-07, 2.406484947837217e-06,
         -1.936197974166083e-05, 0.00019521551847135162, -0.002857816859622779, 0.10392373657681724,
         2.7206261904844427)
# Airy Ai: rational asymptotic forms below -2.09 and above 2.09, else the Maclaurin series
_AIRY_AN = (0.346538101525629, 12.007595273964581, 76.27960536152345, 168.08922493463058, 159.75639135016442,
            70.53609068404442, 14.026469116338967, 1.0)
_AIRY_AD = (0.5675945326387702, 14.75625625848472, 84.51389701414746, 177.31808814540045, 164.2346928715297,
            71.47784008255756, 14.095913560783403, 1.0)
_AIRY_AFN = (-0.1316963234183318, -0.6264565444319123, -0.6931580360369335, -0.2797799815451191,
             -0.04919001326095003, -0.004062659235948854, -0.0001592764962392621, -2.776491081552329e-06,
             -1.6778769848911465e-08)
_AIRY_AFD = (13.356042070655324, 32.682503279522464, 26.736704094149957, 9.187074029072596, 1.4752914677166642,
             0.11568717379518804, 0.004402916416152112, 7.547203482874142e-05, 4.5185009297058035e-07)
_AIRY_AGN = (0.01973399320916857, 0.39110302961568827, 1.0657989759959559, 0.9391692298166502, 0.35146565610554764,
             0.06338889196289255, 0.005858041130483885, 0.000282851600836737, 6.98793669997261e-06,
             8.117892395543892e-08, 3.415517847659236e-10)
_AIRY_AGD = (9.30892908077442, 19.835292871831214, 15.564662893286462, 5.476860694229755, 0.9542936116189619,
             0.08645808263523921, 0.004126565238242226, 0.00010125908511650914, 1.1716673321441352e-06,
             4.9183457006293e-09)

_AIRY_C1, _AIRY_C2 = 0.355028053887817239260, 0.258819403792806798405  # Ai(0) and -Ai'(0)
# 1 + x^2 (-1/3! + x^2 (1/5! - ...)): sin(x)/x's series, its coefficients 1/c rounded as c is
_SPHERICAL_J0 = (6227020800.0, -39916800.0, 362880.0, -5040.0, 120.0, -6.0)
_J0_ZEROS_SQUARED = (5.78318596294678452118e+00, 3.04712623436620863991e+01)
_J1_ZEROS_SQUARED = (1.46819706421238932572e+01, 4.92184563216946036703e+01)
_PI_4, _3PI_4 = 0.785398163397448309615660845819875721, 2.356194490192344928846982537459627163
_SQRT_2_PI, _2_PI = 0.797884560802865355879892119868763737, 0.636619772367581343075535053490057448


class _Cephes:
    """Cephes' kernels in one dtype: ``r`` rounds a step to it, ``fma`` is its fused
    multiply-add (the compiled kernels contract a polynomial's a * x + c into one)."""

    def __init__(self, single):
        self.r = f32 if single else float
        self.fma = fma32 if single else fma64
        self.tables = {}

    def table(self, coefficients):
        if coefficients not in self.tables:
            self.tables[coefficients] = tuple(map(self.r, coefficients))
        return self.tables[coefficients]

    def polynomial(self, coefficients, x):
        value = 0.0
        for c in self.table(coefficients):
            value = self.fma(value, x, c)
        return value

    def ratio(self, p, q, x):
        return self.r(self.polynomial(p, x) / self.polynomial(q, x))

    def hankel(self, x, w, order_one, second_kind):
        """The asymptotic form for x > 5: sqrt(2/(pi x)) (P cos(phase) - 5/x Q sin(phase)), with
        sin and cos swapped (and the sign) for Y."""
        r = self.r
        pp, pq, qp, qq = (_J1_PP, _J1_PQ, _J1_QP, _J1_QQ) if order_one else (_J0_PP, _J0_PQ, _J0_QP, _J0_QQ)
        phase = r(x - r(_3PI_4 if order_one else _PI_4))
        cos, sin = r(_trig(math.cos, phase)), r(_trig(math.sin, phase))
        p = r(self.ratio(pp, pq, w))
        q = r(r(5.0 / x) * self.ratio(qp, qq, w))
        value = self.fma(p, sin, r(q * cos)) if second_kind else self.fma(p, cos, -r(q * sin))
        return r(r(value * r(_SQRT_2_PI)) / r(math.sqrt(x)))

    def j0(self, x):
        r = self.r
        x = abs(x)
        if x <= 5.0:
            if x < r(0.00001):
                return r(1.0 - r(r(x * x) / 4.0))
            z = r(x * x)
            zeros = r(r(z - r(_J0_ZEROS_SQUARED[0])) * r(z - r(_J0_ZEROS_SQUARED[1])))
            return r(r(zeros * self.polynomial(_J0_RP, z)) / self.polynomial(_J0_RQ, z))
        return self.hankel(x, r(25.0 / r(x * x)), False, False)

    def j1(self, x):
        r = self.r
        if x < 0.0:
            return -self.j1(-x)
        if x <= 5.0:
            z = r(x * x)
            value = r(r(self.ratio(_J1_RP, _J1_RQ, z) * x) * r(z - r(_J1_ZEROS_SQUARED[0])))
            return r(value * r(z - r(_J1_ZEROS_SQUARED[1])))
        five = r(5.0 / x)
        return self.hankel(x, r(five * five), True, False)

    def y0(self, x):
        r = self.r
        if x <= 5.0:
            if x == 0.0:
                return -math.inf
            if x < 0.0:
                return math.nan
            z = r(x * x)
            return self.fma(r(r(_2_PI) * r(math.log(x))), self.j0(x), self.ratio(_Y0_P, _Y0_Q, z))
        return self.hankel(x, r(25.0 / r(x * x)), False, True)

    def y1(self, x):
        r = self.r
        if x <= 5.0:
            if x == 0.0:
                return -math.inf
            if x <= 0.0:
                return math.nan
            z = r(x * x)
            log_term = self.fma(self.j1(x), r(math.log(x)), -r(1.0 / x))
            return self.fma(x, self.ratio(_Y1_P, _Y1_Q, z), r(r(_2_PI) * log_term))
        five = r(5.0 / x)
        return self.hankel(x, r(five * five), True, True)

    def chebyshev(self, coefficients, y):
        """Cephes' chbevl: the Chebyshev series at y, halved."""
        return _chbevl(y, self.table(coefficients), self.r, self.fma)

    def i0(self, x):
        r = self.r
        x = abs(x)
        if x <= 8.0:
            return r(r(_exp(x)) * self.chebyshev(_I0_A, r(r(x / 2.0) - 2.0)))
        return r(r(r(_exp(x)) * self.chebyshev(_I0_B, r(r(32.0 / x) - 2.0))) / r(math.sqrt(x)))

    def i1(self, x):
        r = self.r
        size = abs(x)
        if size <= 8.0:
            value = r(r(self.chebyshev(_I1_A, r(r(size / 2.0) - 2.0)) * size) * r(_exp(size)))
        else:
            value = r(r(r(_exp(size)) * self.chebyshev(_I1_B, r(r(32.0 / size) - 2.0))) / r(math.sqrt(size)))
        return -value if x < 0 else value

    def k(self, x, order_one, scaled):
        """K0, K1, and their scaled forms exp(x) K."""
        r = self.r
        if x == 0.0:
            return math.inf
        if x < 0.0:
            return math.nan
        if x <= 2.0:
            series = self.chebyshev(_K1_A if order_one else _K0_A, self.fma(x, x, -2.0))
            if order_one:
                value = self.fma(r(math.log(r(0.5 * x))), self.i1(x), r(series / x))
            elif scaled:
                value = self.fma(-r(math.log(r(0.5 * x))), self.i0(x), series)
            else:  # log(0.5 * x) in float64 (a double literal), for float32 too
                return r(fma64(-math.log(0.5 * x), self.i0(x), series))
            return r(value * r(_exp(x))) if scaled else value
        series = self.chebyshev(_K1_B if order_one else _K0_B, r(r(8.0 / x) - 2.0))
        return r(series / r(math.sqrt(x))) if scaled else r(r(r(_exp(-x)) * series) / r(math.sqrt(x)))

    def spherical_j0(self, x):
        r = self.r
        if math.isinf(x):
            return 0.0
        if abs(x) < 0.5:
            z = r(x * x)
            value = r(r(1.0) / r(_SPHERICAL_J0[0]))
            for c in _SPHERICAL_J0[1:]:
                value = self.fma(z, value, r(r(1.0) / r(c)))
            return self.fma(z, value, 1.0)
        return r(r(math.sin(x)) / x)

    def airy_ai(self, x):
        r = self.r
        if math.isinf(x):
            return math.nan
        if x > r(103.892):  # (the kernel's thresholds are constants of the dtype)
            return 0.0
        if x < r(-2.09):
            zeta = r(r(r(-2.0 * x) * r(math.sqrt(-x))) / 3.0)
            z = r(1.0 / zeta)
            zz = r(z * z)
            f = r(1.0 + r(r(zz * self.polynomial(_AIRY_AFN, zz)) / self.polynomial(_AIRY_AFD, zz)))
            g = r(r(z * self.polynomial(_AIRY_AGN, zz)) / self.polynomial(_AIRY_AGD, zz))
            t = r(zeta + r(0.25 * r(math.pi)))
            wave = self.fma(r(_trig(math.sin, t)), f, -r(r(_trig(math.cos, t)) * g))
            return r(r(r(_INV_SQRT_PI) / r(math.sqrt(r(math.sqrt(-x))))) * wave)
        if x >= r(2.09):
            zeta = r(r(r(2.0 * x) * r(math.sqrt(x))) / 3.0)
            w = r(1.0 / zeta)
            ratio = r(self.polynomial(_AIRY_AN, w) / self.polynomial(_AIRY_AD, w))
            return r(r(r(_INV_SQRT_PI) * ratio) / r(r(2.0 * r(math.sqrt(r(math.sqrt(x))))) * r(_exp(zeta))))
        f, g, k, m, n, t = 1.0, x, 1.0, 1.0, x, 1.0
        z = r(r(x * x) * x)
        epsilon = 1.1920928955078125e-07 if r is f32 else 2.220446049250313e-16
        while t > epsilon:
            m = r(r(m * z) / r(k + 1.0))
            n = r(r(n * z) / r(k + 2.0))
            m = r(m / r(k + 2.0))
            f = r(f + m)
            k = r(k + 3.0)
            n = r(n / k)
            g = r(g + n)
            t = abs(r(m / f))
        return self.fma(r(_AIRY_C1), f, -r(r(_AIRY_C2) * g))


_CEPHES = {single: _Cephes(single) for single in (False, True)}


def _cephes_unary(kernel, *args):
    def value(x, r):
        return getattr(_CEPHES[r is f32], kernel)(x, *args)

    def function(input):
        return _map(input, value)
    return function


bessel_j0, bessel_j1, bessel_y0, bessel_y1 = map(_cephes_unary, ("j0", "j1", "y0", "y1"))
modified_bessel_i0, modified_bessel_i1 = _cephes_unary("i0"), _cephes_unary("i1")
modified_bessel_k0, modified_bessel_k1 = _cephes_unary("k", False, False), _cephes_unary("k", True, False)
scaled_modified_bessel_k0 = _cephes_unary("k", False, True)
scaled_modified_bessel_k1 = _cephes_unary("k", True, True)
spherical_bessel_j0, airy_ai = _cephes_unary("spherical_j0"), _cephes_unary("airy_ai")
