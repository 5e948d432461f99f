"""The samplers behind numpy's RandomState and Generator methods, drawing what numpy draws.

Each is numpy's algorithm (numpy/random/src/distributions/distributions.c; for RandomState the
variants numpy froze at 1.16 in legacy-distributions.c, where ``src._legacy``) over a source
``src`` with three draws: ``src._double()`` (a uniform double in [0, 1)), ``src._std_exp()`` and
``src._normal()`` -- RandomState's are -log(1 - U) and the polar gauss, Generator's the
ziggurats. libm calls are glibc's (torch._libm), with C's answers where Python's math raises
(log(0) = -inf, an overflowing exp or pow = inf), and C's divisions by zero and casts to long.
``SAMPLERS`` declares the methods both generators share, ``install`` derives them.

``sample`` is numpy's argument handling (``cont``/``disc`` in random/_common.pyx): parameter
checks with numpy's messages, parameters broadcast against each other and ``size``, one draw per
element in C order, a Python float or int for size=None with scalar parameters."""
import functools
import inspect
import math
import operator

from torch import _libm

from . import _dtypes as D
from ._core import FLOAT64, INT64, asarray, _from_values, _prod

_INF, _NAN = math.inf, math.nan
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_TWO63 = 9.223372036854775808e18


# ---------------------------------------------------------------------------------------
# C's arithmetic where Python's differs

def _log(x):
    return _libm.log(x) if x > 0.0 else (-_INF if x == 0.0 else _NAN)


def _exp(x):
    try:
        return _libm.exp(x)
    except OverflowError:
        return _INF


def _pow(x, y):
    try:
        return _libm.pow(x, y)
    except OverflowError:
        return _INF
    except ValueError:  # 0 ** negative is inf, a negative ** a fraction NaN
        return _INF if x == 0.0 else _NAN


def _div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0:
            return _NAN
        return math.copysign(_INF, a) * math.copysign(1.0, b)


def _long(x):
    """C's (long)x on x86-64: truncation; NaN or out of range gives cvttsd2si's INT64_MIN."""
    return int(x) if -_TWO63 <= x < _TWO63 else _INT64_MIN


def _floor_long(x):
    return math.floor(x) if -_TWO63 <= x < _TWO63 else _INT64_MIN


def _ceil_long(x):
    return math.ceil(x) if -_TWO63 <= x < _TWO63 else _INT64_MIN


# ---------------------------------------------------------------------------------------
# Continuous distributions

def standard_gamma(src, shape):
    """Marsaglia and Tsang for shape > 1; below 1, Ahrens and Dieter's rejection from an
    exponential (both generators, their own sources)."""
    if shape == 1.0:
        return src._std_exp()
    if shape == 0.0:
        return 0.0
    if shape < 1.0:
        while True:
            u = src._double()
            v = src._std_exp()
            if u <= 1.0 - shape:
                x = _pow(u, 1.0 / shape)
                if x <= v:
                    return x
            else:
                y = -_log((1 - u) / shape)
                x = _pow(1.0 - shape + shape * y, 1.0 / shape)
                if x <= v + y:
                    return x
    b = shape - 1.0 / 3.0
    c = 1.0 / math.sqrt(9 * b)
    while True:
        while True:
            x = src._normal()
            v = 1.0 + c * x
            if not v <= 0.0:
                break
        v = v * v * v
        u = src._double()
        if u < 1.0 - 0.0331 * (x * x) * (x * x):
            return b * v
        if _log(u) < 0.5 * x * x + b * (1.0 - v + _log(v)):
            return b * v


def gamma(src, shape, scale):
    return scale * standard_gamma(src, shape)


def chisquare(src, df):
    return 2.0 * standard_gamma(src, df / 2.0)


def beta(src, a, b):
    """Johnk's algorithm for a, b <= 1 (the two generators differ in its corner cases), else the
    ratio of two gammas."""
    legacy = src._legacy
    if a <= 1.0 and b <= 1.0:
        if not legacy and a < 3e-103 and b < 3e-103:
            return float((a + b) * src._double() < a)
        while True:
            u = src._double()
            v = src._double()
            x = _pow(u, _div(1.0, a))
            y = _pow(v, _div(1.0, b))
            if legacy:
                if x + y <= 1.0:
                    if x + y > 0:
                        return x / (x + y)
                    log_x, log_y = _log(u) / a, _log(v) / b
                    log_m = log_x if log_x > log_y else log_y
                    log_x -= log_m
                    log_y -= log_m
                    return _exp(log_x - _log(_exp(log_x) + _exp(log_y)))
            elif x + y <= 1.0 and u + v > 0.0:
                if x > 0 and y > 0:
                    return x / (x + y)
                delta = _div(_log(u), a) - _div(_log(v), b)  # b is 0 in Generator.dirichlet's stick breaking
                if delta > 0:
                    return _exp(-_libm.log1p(_exp(-delta)))
                return _exp(delta - _libm.log1p(_exp(delta)))
    ga = standard_gamma(src, a)
    gb = standard_gamma(src, b)
    return _div(ga, ga + gb)


def standard_t(src, df):
    num = src._normal()
    denom = standard_gamma(src, df / 2)
    return _div(math.sqrt(df / 2) * num, math.sqrt(denom))


def standard_cauchy(src):
    num = src._normal()
    return _div(num, src._normal())


def lognormal(src, mean, sigma):
    return _exp(mean + sigma * src._normal())


def laplace(src, loc, scale):
    while True:  # U == 0 is drawn again
        u = src._double()
        if u >= 0.5:
            return loc - scale * _log(2.0 - u - u)
        if u > 0.0:
            return loc + scale * _log(u + u)


def logistic(src, loc, scale):
    while True:
        u = src._double()
        if u > 0.0:
            return loc + scale * _log(u / (1.0 - u))


def gumbel(src, loc, scale):
    while True:
        u = 1.0 - src._double()
        if u < 1.0:
            return loc - scale * _log(-_log(u))


def triangular(src, left, mode, right):
    base = right - left
    left_base = mode - left
    ratio = left_base / base
    left_prod = left_base * base
    right_prod = (right - mode) * base
    u = src._double()
    if u <= ratio:
        return left + math.sqrt(u * left_prod)
    return right - math.sqrt((1.0 - u) * right_prod)


def f(src, dfnum, dfden):
    num = chisquare(src, dfnum) * dfden
    return _div(num, chisquare(src, dfden) * dfnum)


def wald(src, mean, scale):
    legacy = src._legacy
    y = src._normal()
    y = mean * y * y
    if legacy:
        x = mean + mean / (2 * scale) * (y - math.sqrt(4 * scale * y + y * y))
    else:
        x = mean * (1 - 2 / (1 + math.sqrt(1 + _div(4 * scale, y))))
    u = src._double()
    return x if u <= mean / (mean + x) else _div(mean * mean, x)


def noncentral_chisquare(src, df, nonc):
    """A chi-square on df - 1 plus a squared shifted normal for df > 1, else a chi-square whose
    degrees of freedom a Poisson draw raises."""
    legacy = src._legacy
    if not legacy and nonc != nonc:
        return _NAN
    if nonc == 0:
        return chisquare(src, df)
    if 1 < df:
        chi2 = chisquare(src, df - 1)
        n = src._normal() + math.sqrt(nonc)
        return chi2 + n * n
    twice = (2 * poisson(src, nonc / 2.0) + (1 << 63)) % (1 << 64) - (1 << 63)  # C's long product wraps
    out = chisquare(src, df + twice)
    return _NAN if nonc != nonc else out


def noncentral_f(src, dfnum, dfden, nonc):
    t = noncentral_chisquare(src, dfnum, nonc) * dfden
    return _div(t, chisquare(src, dfden) * dfnum)


def vonmises(src, mu, kappa):
    """Best and Fisher's rejection from a wrapped Cauchy; Generator takes a wrapped normal above
    kappa = 1e6."""
    legacy = src._legacy
    if kappa != kappa:
        return _NAN
    if kappa < 1e-8:
        return math.pi * (2 * src._double() - 1)
    if kappa < 1e-5:
        s = 1.0 / kappa + kappa
    elif not legacy and kappa > 1e6:
        result = mu + math.sqrt(1.0 / kappa) * src._normal()
        if result < -math.pi:
            result += 2 * math.pi
        if result > math.pi:
            result -= 2 * math.pi
        return result
    else:
        r = 1 + math.sqrt(1 + 4 * kappa * kappa)
        rho = (r - math.sqrt(2 * r)) / (2 * kappa)
        s = (1 + rho * rho) / (2 * rho)
    while True:
        z = _libm.cos(math.pi * src._double())
        w = (1 + s * z) / (s + z)
        y = kappa * (s - w)
        v = src._double()
        if y * (2 - y) - v >= 0 or _log(_div(y, v)) + 1 - y >= 0:
            break
    u = src._double()
    result = _libm.acos(w) if -1.0 <= w <= 1.0 else _NAN
    if u < 0.5:
        result = -result
    result += mu
    mod = (math.fmod(abs(result) + math.pi, 2 * math.pi) if math.isfinite(result) else _NAN) - math.pi
    return -mod if result < 0 else mod


def pareto(src, a):
    legacy = src._legacy
    e = src._std_exp() / a
    return _exp(e) - 1 if legacy else _expm1(e)


def weibull(src, a):
    if a == 0.0:
        return 0.0
    return _pow(src._std_exp(), 1.0 / a)


def power(src, a):
    legacy = src._legacy
    e = src._std_exp()
    return _pow(1 - _exp(-e) if legacy else -_expm1(-e), 1.0 / a)


def rayleigh(src, mode):
    legacy = src._legacy
    if legacy:
        return mode * math.sqrt(-2.0 * _libm.log1p(-src._double()))
    return mode * math.sqrt(2.0 * src._std_exp())


def _expm1(x):
    try:
        return _libm.expm1(x)
    except OverflowError:
        return _INF


# ---------------------------------------------------------------------------------------
# Discrete distributions

_LOGGAM_A = (8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04, -5.952380952380952e-04,
             8.417508417508418e-04, -1.917526917526918e-03, 6.410256410256410e-03, -2.955065359477124e-02,
             1.796443723688307e-01, -1.39243221690590e+00)


def loggam(x):
    """log Gamma(x) as numpy's random_loggam computes it (Zhang and Jin's series, x shifted to >= 7)."""
    if x == 1.0 or x == 2.0:
        return 0.0
    n = int(7 - x) if x < 7.0 else 0
    x0 = x + n
    x2 = (1.0 / x0) * (1.0 / x0)
    gl0 = _LOGGAM_A[9]
    for coefficient in _LOGGAM_A[8::-1]:
        gl0 *= x2
        gl0 += coefficient
    gl = gl0 / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * _log(x0) - x0
    for _ in range(n):
        gl -= _log(x0 - 1.0)
        x0 -= 1.0
    return gl


@functools.lru_cache(maxsize=64)
def _ptrs_constants(lam):
    slam, log_lam = math.sqrt(lam), _log(lam)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)
    return log_lam, b, a, _log(inv_alpha), vr


def poisson(src, lam):
    """Multiplying uniforms below lam = 10; Hoermann's transformed rejection (PTRS) above. (Its
    constants, like the binomial's, are computed once per parameter: the same values numpy
    computes per draw, without a libm call per draw.)"""
    if lam >= 10:
        log_lam, b, a, log_inv_alpha, vr = _ptrs_constants(lam)
        while True:
            u = src._double() - 0.5
            v = src._double()
            us = 0.5 - abs(u)
            k = _floor_long((_div(2 * a, us) + b) * u + lam + 0.43)
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if (_log(v) + log_inv_alpha - _log(_div(a, us * us) + b)
                    <= -lam + float(k) * log_lam - loggam(float(k) + 1)):
                return k
    if lam == 0:
        return 0
    enlam = _exp(-lam)
    x, prod = 0, 1.0
    while True:
        prod *= src._double()
        if prod > enlam:
            x += 1
        else:
            return x


def binomial(src, n, p, legacy):
    """Inversion while n * min(p, 1 - p) <= 30, else Kachitvichyanukul and Schmeiser's BTPE; the
    legacy variant (RandomState.binomial's, not its multinomial's) draws even for n == 0 or p == 0,
    and its inversion takes log(1 - p) for log1p(-p)."""
    if not legacy and (n == 0 or p == 0.0):
        return 0
    if p <= 0.5:
        return _binomial_inversion(src, n, p, legacy) if p * n <= 30.0 else _binomial_btpe(src, n, p)
    q = 1.0 - p
    return n - (_binomial_inversion(src, n, q, legacy) if q * n <= 30.0 else _binomial_btpe(src, n, q))


@functools.lru_cache(maxsize=64)
def _inversion_constants(n, p, legacy):
    q = 1.0 - p
    qn = _exp(n * (_log(q) if legacy else _libm.log1p(-p)))
    mean = n * p
    spread = mean + 10.0 * math.sqrt(mean * q + 1)
    return q, qn, (n if n < spread else _long(spread))


def _binomial_inversion(src, n, p, legacy):
    q, qn, bound = _inversion_constants(n, p, legacy)
    x, px, u = 0, qn, src._double()
    while u > px:
        x += 1
        if x > bound:
            x, px, u = 0, qn, src._double()
        else:
            u -= px
            px = _div((n - x + 1) * p * px, x * q)
    return x


def _stirling_tail(sq, v):
    """A Stirling error term as numpy 2.4's BTPE has it: 13680 for the paper's 13860, and all four
    terms added (numpy 2.5 corrects both, keeping this for RandomState)."""
    return (13680. - (462. - (132. - (99. - 140. / sq) / sq) / sq) / sq) / v / 166320.


@functools.lru_cache(maxsize=64)
def _btpe_constants(n, p):
    r = p if p < 1.0 - p else 1.0 - p
    q = 1.0 - r
    fm = n * r + r
    m = math.floor(fm)
    p1 = math.floor(2.195 * math.sqrt(n * r * q) - 4.6 * q) + 0.5
    xm = m + 0.5
    xl, xr = xm - p1, xm + p1
    c = 0.134 + 20.5 / (15.3 + m)
    a = (fm - xl) / (fm - xl * r)
    lam_l = a * (1.0 + a / 2.0)
    a = (xr - fm) / (xr * q)
    lam_r = a * (1.0 + a / 2.0)
    p2 = p1 * (1.0 + 2.0 * c)
    p3 = p2 + c / lam_l
    return r, q, m, p1, xm, xl, xr, c, lam_l, lam_r, p2, p3, p3 + c / lam_r


def _binomial_btpe(src, n, p):
    r, q, m, p1, xm, xl, xr, c, lam_l, lam_r, p2, p3, p4 = _btpe_constants(n, p)
    nrq = n * r * q
    while True:
        u = src._double() * p4
        v = src._double()
        if u <= p1:
            return _floor_long(xm - p1 * v + u)
        if u <= p2:  # the parallelogram
            x = xl + (u - p1) / c
            v = v * c + 1.0 - abs(m - x + 0.5) / p1
            if v > 1.0:
                continue
            y = _floor_long(x)
        elif u <= p3:  # the left tail
            y = _floor_long(xl + _log(v) / lam_l)
            if y < 0 or v == 0.0:
                continue
            v = v * (u - p2) * lam_l
        else:  # the right tail
            y = _floor_long(xr - _log(v) / lam_r)
            if y > n or v == 0.0:
                continue
            v = v * (u - p3) * lam_r
        k = abs(y - m)
        if not (k > 20 and k < nrq / 2.0 - 1):  # explicit evaluation of f(y) / f(m)
            s = r / q
            a = s * (n + 1)
            f = 1.0
            if m < y:
                for i in range(m + 1, y + 1):
                    f *= a / i - s
            elif m > y:
                for i in range(y + 1, m + 1):
                    f /= a / i - s
            if v > f:
                continue
            return y
        rho = (k / nrq) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5)
        t = -k * k / (2 * nrq)
        big_a = _log(v)
        if big_a < t - rho:
            return y
        if big_a > t + rho:
            continue
        x1, f1 = float(y) + 1, float(m) + 1
        z, w = float(n) + 1 - float(m), float(n) - float(y) + 1
        bound = xm * _log(f1 / x1) + (n - m + 0.5) * _log(z / w) + (y - m) * _log(w * r / (x1 * q))
        bound = (bound + _stirling_tail(f1 * f1, f1) + _stirling_tail(z * z, z) + _stirling_tail(x1 * x1, x1)
                 + _stirling_tail(w * w, w))
        if big_a > bound:
            continue
        return y


def geometric(src, p):
    legacy = src._legacy
    if p >= 0.333333333333333333333333:  # a search from 1
        x, total, prod, q = 1, p, p, 1.0 - p
        u = src._double()
        while u > total:
            prod *= q
            total += prod
            x += 1
        return x
    if legacy:
        return _ceil_long(_div(_libm.log1p(-src._double()), _log(1 - p)))
    z = -src._std_exp() / _libm.log1p(-p)
    return _INT64_MAX if z >= 9.223372036854776e+18 else math.ceil(z)  # ceil(z) >= 2**63 iff z >= 2**63


def zipf(src, a):
    """Rejection from a Pareto, results above LONG_MAX rejected too (the generator draws U from
    (Umin, 1] so as to waste fewer)."""
    legacy = src._legacy
    am1 = a - 1.0
    if not legacy and a >= 1025:
        return 1
    b = _pow(2.0, am1)
    u_min = 0.0 if legacy else _pow(float(_INT64_MAX), -am1)
    while True:
        u01 = src._double()
        u = 1.0 - u01 if legacy else u01 * u_min + (1 - u01)
        v = src._double()
        x = _pow(u, -1.0 / am1)
        x = float(math.floor(x)) if math.isfinite(x) else x
        if x > float(_INT64_MAX) or x < 1.0:
            continue
        t = _pow(1.0 + 1.0 / x, am1)
        if v * x * (t - 1.0) / (b - 1.0) <= t / b:
            return int(x)


def logseries(src, p):
    legacy = src._legacy
    r = _log(1.0 - p) if legacy else _libm.log1p(-p)
    while True:
        v = src._double()
        if v >= p:
            return 1
        u = src._double()
        q = 1.0 - _exp(r * u) if legacy else -_expm1(r * u)
        if v <= q * q:
            result = _floor_long(1 + _div(_log(v), _log(q)))
            if result < 1 or v == 0.0:
                continue
            return result
        return 1 if v >= q else 2


def negative_binomial(src, n, p):
    return poisson(src, gamma(src, n, _div(1 - p, p)))


def hypergeometric_legacy(src, good, bad, sample):
    """RandomState's: HYP (sequential draws) for samples up to 10, else Stadlober's HRUA."""
    if sample > 10:
        return _hypergeometric_hrua(src, good, bad, sample)
    if sample <= 0:
        return 0
    d1 = bad + good - sample
    d2 = float(min(bad, good))
    y, k = d2, sample
    while y > 0.0:
        u = src._double()
        y -= _floor_long(u + y / (d1 + k))
        k -= 1
        if k == 0:
            break
    z = _long(d2 - y)
    return sample - z if good > bad else z


_HRUA_D1, _HRUA_D2 = 1.7155277699214135, 0.8989161620588988  # 2 sqrt(2/e), 3 - 2 sqrt(3/e)


def _hypergeometric_hrua(src, good, bad, sample, legacy=True):
    """Stadlober's ratio of uniforms; RandomState's log-factorials are loggam(k + 1), Generator's
    logfactorial(k)."""
    min_gb, max_gb, popsize = min(good, bad), max(good, bad), good + bad
    m = min(sample, popsize - sample)
    d4 = min_gb / popsize
    d5 = 1.0 - d4 if legacy else max_gb / popsize
    d6 = m * d4 + 0.5
    d7 = math.sqrt(float(popsize - m) * sample * d4 * d5 / (popsize - 1) + 0.5) if legacy else \
        math.sqrt(float(popsize - m) * m * d4 * d5 / (popsize - 1) + 0.5)
    d8 = _HRUA_D1 * d7 + _HRUA_D2
    d9 = _floor_long(float(m + 1) * (min_gb + 1) / (popsize + 2))
    log_factorial = (lambda k: loggam(float(k + 1))) if legacy else _log_factorial

    def log_terms(z):
        return log_factorial(z) + log_factorial(min_gb - z) + log_factorial(m - z) + log_factorial(max_gb - m + z)
    d10 = log_terms(d9)
    cap, tail = min(m, min_gb) + 1.0, math.floor(d6 + 16 * d7)
    d11 = cap if cap < tail else tail
    while True:
        x = src._double()
        y = src._double()
        w = d6 + _div(d8 * (y - 0.5), x)
        if w < 0.0 or w >= d11:
            continue
        z = _floor_long(w)
        t = d10 - log_terms(z)
        if x * (4.0 - x) - 3.0 <= t:
            break
        if x * (x - t) >= 1:
            continue
        if 2.0 * _log(x) <= t:
            break
    if good > bad:
        z = m - z
    if m < sample:
        z = good - z
    return z


_LOG_FACTORIALS = []


def _log_factorial(k):
    """log(k!) as numpy's logfactorial: correctly rounded below 126 (numpy's table), else Stirling's
    series to the 1/k**3 term."""
    if k < 126:
        if not _LOG_FACTORIALS:
            from decimal import Decimal, localcontext
            with localcontext() as ctx:
                ctx.prec = 40
                f = Decimal(1)
                _LOG_FACTORIALS.extend((0.0, 0.0))
                for i in range(2, 126):
                    f *= i
                    _LOG_FACTORIALS.append(float(f.ln()))
        return _LOG_FACTORIALS[k]
    return (k + 0.5) * _log(float(k)) - k + (0.9189385332046728 + (1.0 / k) * (1 / 12.0 - 1 / (360.0 * k * k)))


def hypergeometric(src, good, bad, sample):
    """Generator's: drawing one at a time (src._interval) for samples within 10 of either end,
    else HRUA over logfactorial."""
    total = good + bad
    if sample >= 10 and sample <= total - 10:
        return _hypergeometric_hrua(src, good, bad, sample, False)
    flipped = sample > total // 2
    left = total - sample if flipped else sample
    remaining_total, remaining_good = total, good
    while left > 0 and remaining_good > 0 and remaining_total > remaining_good:
        remaining_total -= 1
        if src._interval(remaining_total) < remaining_good:
            remaining_good -= 1
        left -= 1
    if remaining_total == remaining_good:
        remaining_good -= left
    return remaining_good if flipped else good - remaining_good


def multivariate_hypergeometric_sample(src, colors, nsample, size, method):
    """Generator.multivariate_hypergeometric: rows of counts per color, by shuffling the balls
    (method 'count': a partial Fisher-Yates that goes on from where the last row left them) or
    by a hypergeometric per color on what the earlier ones left ('marginals'); over half the balls
    are drawn as the complement."""
    if method not in ("count", "marginals"):
        raise ValueError('method must be "count" or "marginals".')
    try:
        operator.index(nsample)
    except TypeError:
        raise ValueError("nsample must be an integer") from None
    if nsample < 0:
        raise ValueError("nsample must be nonnegative.")
    if nsample > _INT64_MAX:
        raise ValueError(f"nsample must not exceed {_INT64_MAX}")
    arr = asarray(colors)
    if (arr.ndim != 1 or (arr.size and arr.dtype.kind not in "iu")
            or any(not 0 <= v <= _INT64_MAX for v in arr._values())):
        raise ValueError("colors must be a one-dimensional sequence of nonnegative integers not exceeding "
                         f"{_INT64_MAX}.")
    counts = [int(v) for v in arr._values()]
    total = sum(counts)
    if total > _INT64_MAX:
        raise ValueError(f"sum(colors) must not exceed the maximum value of a 64 bit signed integer ({_INT64_MAX})")
    if method == "marginals" and total >= 1000000000:
        raise ValueError('When method is "marginals", sum(colors) must be less than 1000000000.')
    if method == "count" and total > _INT64_MAX // 8:
        raise ValueError(f"When method is 'count', sum(colors) must not exceed {_INT64_MAX // 8}")
    if nsample > total:
        raise ValueError("nsample > sum(colors)")
    shape = size_shape(size)
    k = len(counts)
    shape = (k,) if shape is None else shape + (k,)
    rows = _prod(shape[:-1]) if k and total and nsample else 0
    flipped = nsample > total // 2
    take = total - nsample if flipped else nsample
    values = []
    balls = [color for color, count in enumerate(counts) for _ in range(count)] if method == "count" and rows else []
    for _ in range(rows):
        row = [0] * k
        if method == "count":
            for j in range(take):
                i = j + src._interval(total - j - 1)
                balls[i], balls[j] = balls[j], balls[i]
                row[balls[j]] += 1
        else:
            left, remaining = take, total
            for j in range(k - 1):
                if left <= 0:
                    break
                remaining -= counts[j]
                row[j] = hypergeometric(src, counts[j], remaining, left)
                left -= row[j]
            if left > 0:
                row[k - 1] = left
        values += [c - v for c, v in zip(counts, row)] if flipped else row
    return _from_values(values or [0] * _prod(shape), shape, INT64)


def multinomial(src, n, pvals):
    """One draw of counts: a binomial per category on what the earlier ones left (Generator's
    binomial, in numpy 2.4 RandomState's too)."""
    out = [0] * len(pvals)
    remaining_p, left = 1.0, n
    for j in range(len(pvals) - 1):
        out[j] = binomial(src, left, _div(pvals[j], remaining_p), False)
        left -= out[j]
        if left <= 0:
            break
        remaining_p -= pvals[j]
    if left > 0:
        out[-1] = left
    return out


def kahan_sum(values):
    if not values:
        return 0.0
    total, c = values[0], 0.0
    for v in values[1:]:
        y = v - c
        t = total + y
        c = (t - total) - y
        total = t
    return total


# ---------------------------------------------------------------------------------------
# Bounded integers of a dtype (randint, integers)

def _integer_bounds(dt):
    return (0, 1) if dt.kind == "b" else D.int_range(dt)


def _order_error(closed, all_low_zero):
    """numpy's format_bounds_error: a low of 0 (the one-argument call) is named as high's fault."""
    if all_low_zero:
        return ValueError("high < 0" if closed else "high <= 0")
    return ValueError("low > high" if closed else "low >= high")


def integer_range(low, high, dt, closed):
    """rng = top - low of [low, top] for `dt`, checked as numpy checks randint's and integers' bounds."""
    lo_bound, hi_bound = _integer_bounds(dt)
    top = high if closed else high - 1
    if low < lo_bound:
        raise ValueError(f"low is out of bounds for {dt.name}")
    if top > hi_bound:
        raise ValueError(f"high is out of bounds for {dt.name}")
    if low > top:
        raise _order_error(closed, low == 0)
    return top - low


def integer_ranges(low, high, size, dt, closed):
    """Array bounds: (offsets, ranges, shape), an element each, checked and broadcast as numpy's
    randint and integers do (with `size`, the first elements of the bounds' broadcast fill it)."""
    from ._ufuncs import broadcast_shapes, broadcast_to
    lo_arr, hi_arr = asarray(low), asarray(high)
    lo_bound, hi_bound = _integer_bounds(dt)
    lows = [int(v) for v in lo_arr._values()]
    if any(v < lo_bound for v in lows):
        raise ValueError(f"low is out of bounds for {dt.name}")
    if any(int(v) - (not closed) > hi_bound for v in hi_arr._values()):
        raise ValueError(f"high is out of bounds for {dt.name}")
    both = broadcast_shapes(lo_arr.shape, hi_arr.shape)
    shape = size_shape(size)
    full = both if shape is None else broadcast_shape([lo_arr.shape, hi_arr.shape, shape])
    offsets = [int(v) for v in broadcast_to(lo_arr, full)._values()]
    tops = [int(v) - (not closed) for v in broadcast_to(hi_arr, full)._values()]
    if any(lo > top for lo, top in zip(offsets, tops)):
        raise _order_error(closed, not any(lows))
    shape = full if shape is None else shape
    n = _prod(shape)
    return offsets[:n], [top - lo for lo, top in zip(offsets[:n], tops)], shape


def bounded_small(next32, bits, rngs, masked):
    """Ints in [0, rng] for each rng in `rngs`, of 1 (bool), 8 or 16 bits as numpy draws them: each
    from the next `bits` of a 32-bit word kept between the draws of one call, by masked rejection
    (RandomState) or Lemire's multiply-shift (Generator); bools and rng = 2**bits - 1 take the bits
    as they are, rng = 0 none."""
    width = (1 << bits) - 1
    per_word, left, buf = 32 // bits, 0, 0

    def take():
        nonlocal left, buf
        if left:
            buf >>= bits
            left -= 1
        else:
            buf, left = next32(), per_word - 1
        return buf & width

    out = []
    for rng in rngs:
        if rng == 0 or rng == width:
            out.append(take() if rng else 0)
        elif masked:
            mask = (1 << rng.bit_length()) - 1
            v = take() & mask
            while v > rng:
                v = take() & mask
            out.append(v)
        else:
            excl = rng + 1
            m = take() * excl
            if m & width < excl:
                threshold = (width - rng) % excl
                while m & width < threshold:
                    m = take() * excl
            out.append(m >> bits)
    return out


# ---------------------------------------------------------------------------------------
# numpy's argument handling

def _rule(fails, scalar_message, array_message=None):
    """A parameter check: `fails(value)`; the message's wording for a scalar and for an array."""
    def check(values, name, is_array):
        if any(fails(v) for v in values):
            raise ValueError((array_message if is_array and array_message else scalar_message).format(name))
    return check


NON_NEGATIVE = _rule(lambda v: v < 0 or (v == 0 and math.copysign(1.0, v) < 0), "{} < 0")  # -0.0 included
POSITIVE = _rule(lambda v: v <= 0, "{} <= 0")
_NAN_PARAM = _rule(lambda v: v != v, "{} must not be NaN")


def POSITIVE_NOT_NAN(values, name, is_array):
    _NAN_PARAM(values, name, is_array)
    POSITIVE(values, name, is_array)


BOUNDED_0_1 = _rule(lambda v: not 0 <= v <= 1, "{0} < 0, {0} > 1 or {0} is NaN",
                    "{0} < 0, {0} > 1 or {0} contains NaNs")
BOUNDED_GT_0_1 = _rule(lambda v: not 0 < v <= 1, "{0} <= 0, {0} > 1 or {0} contains NaNs")
BOUNDED_LT_0_1 = _rule(lambda v: not 0 <= v < 1, "{0} < 0, {0} >= 1 or {0} is NaN",
                       "{0} < 0, {0} >= 1 or {0} contains NaNs")
GT_1 = _rule(lambda v: not v > 1, "{0} <= 1 or {0} is NaN", "{0} <= 1 or {0} contains NaNs")
GTE_1 = _rule(lambda v: not v >= 1, "{0} < 1 or {0} is NaN", "{0} < 1 or {0} contains NaNs")
_LONG_MAX = (1 << 63) - 1
POISSON_LAM_MAX = float(_LONG_MAX) - math.sqrt(_LONG_MAX) * 10
_NEGATIVE_LAM = _rule(lambda v: not v >= 0, "{0} < 0 or {0} is NaN", "{0} < 0 or {0} contains NaNs")
_LAM_TOO_LARGE = _rule(lambda v: not v <= POISSON_LAM_MAX, "{} value too large")
_LONG_RANGE = _rule(lambda v: v > _LONG_MAX, "{} is out of bounds for long, consider using the new generator API "
                    "for 64bit integers.")


def POISSON(values, name, is_array):
    """A scalar lam is checked for sign (NaN included) first, an array for size first."""
    for check in ((_LAM_TOO_LARGE, _NEGATIVE_LAM) if is_array else (_NEGATIVE_LAM, _LAM_TOO_LARGE)):
        check(values, name, is_array)


def NON_NEGATIVE_LONG(values, name, is_array):
    NON_NEGATIVE(values, name, is_array)
    _LONG_RANGE(values, name, is_array)


def size_shape(size):
    """`size` as a shape (None stays None), refused as np.empty refuses it."""
    if size is None:
        return None
    if isinstance(size, (tuple, list)):
        shape = tuple(operator.index(s) for s in size)
    else:
        try:
            shape = (operator.index(size),)
        except TypeError:
            raise TypeError(f"expected a sequence of integers or a single integer, got '{size}'") from None
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def broadcast_shape(shapes):
    """np.broadcast's shape, and its message naming the first two arguments that disagree."""
    ndim = max(len(s) for s in shapes)
    out = []
    for i in range(ndim):
        size, first = 1, None
        for j, shape in enumerate(shapes):
            at = i - (ndim - len(shape))
            if at < 0 or shape[at] == 1:
                continue
            if size == 1:
                size, first = shape[at], j
            elif size != shape[at]:
                raise ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                                 f"between arg {first} with shape {shapes[first]} and arg {j} with shape {shape}.")
        out.append(size)
    return tuple(out)


def _as_param(value, integer):
    arr = asarray(value)
    if integer:
        if arr.ndim and arr.dtype.kind not in "biu":
            raise TypeError(f"Cannot cast array data from dtype('{arr.dtype.name}') to dtype('int64') according "
                            "to the rule 'safe'")
        return arr.astype("int64")
    return arr.astype(float)


def sample(draw, params, size, dtype=FLOAT64):
    """numpy's cont/disc: `params` as (value, name, check or None, is_integer); `draw(*values)` one
    value, called once per element of the result."""
    arrays = [_as_param(value, integer) for value, _, _, integer in params]
    shape = size_shape(size)
    if all(arr.ndim == 0 for arr in arrays):
        values = [int(value) if integer else float(value) for value, _, _, integer in params]
        for value, (_, name, check, _) in zip(values, params):
            if check is not None:
                check((value,), name, False)
        if shape is None:
            return draw(*values)
        return _from_values([draw(*values) for _ in range(_prod(shape))], shape, dtype)
    for arr, (_, name, check, _) in zip(arrays, params):
        if check is not None:
            check(arr._values(), name, True)
    return broadcast_draws(draw, arrays, shape, dtype)


def broadcast_draws(draw, arrays, shape, dtype):
    """The draws over parameters broadcast together (and against `size`'s shape when given)."""
    from ._ufuncs import broadcast_to
    if shape is None:
        shape = broadcast_shape([arr.shape for arr in arrays])
    else:
        full = broadcast_shape([shape] + [arr.shape for arr in arrays])
        if full != shape:
            raise ValueError(f"Output size {shape} is not compatible with broadcast dimensions of inputs {full}.")
    columns = [broadcast_to(arr, shape)._values() for arr in arrays]
    return _from_values([draw(*values) for values in zip(*columns)], shape, dtype)


def uniform_sample(src, low, high, size):
    """uniform's arguments: high - low must be finite (and, for Generator, not negative)."""
    legacy = src._legacy
    lo, hi = asarray(low).astype(float), asarray(high).astype(float)
    if not lo.ndim and not hi.ndim:
        low, span = float(low), float(high) - float(low)
        if not math.isfinite(span):
            raise OverflowError("Range exceeds valid bounds" if legacy else "high - low range exceeds valid bounds")
    else:
        low, span = lo, hi - lo
        if not all(math.isfinite(v) for v in span._values()):
            raise OverflowError("Range exceeds valid bounds")
    return sample(lambda a, r: a + r * src._double(), ((low, "", None, False),
                                                       (span, "high - low", None if legacy else NON_NEGATIVE, False)),
                  size)


def triangular_sample(src, left, mode, right, size):
    """triangular's own checks, then `sample`'s broadcasting."""
    arrays = [asarray(v).astype(float) for v in (left, mode, right)]
    if all(arr.ndim == 0 for arr in arrays):
        lo, mid, hi = float(left), float(mode), float(right)
        checks = ((lo > mid, "left > mode"), (mid > hi, "mode > right"), (lo == hi, "left == right"))
    else:
        from ._ufuncs import broadcast_to
        shape = broadcast_shape([a.shape for a in arrays])
        lo, mid, hi = [broadcast_to(arr, shape)._values() for arr in arrays]
        checks = ((any(a > b for a, b in zip(lo, mid)), "left > mode"),
                  (any(a > b for a, b in zip(mid, hi)), "mode > right"),
                  (any(a == b for a, b in zip(lo, hi)), "left == right"))
    for failed, message in checks:
        if failed:
            raise ValueError(message)
    return sample(lambda a, b, c: triangular(src, a, b, c), ((left, "", None, False), (mode, "", None, False),
                                                             (right, "", None, False)), size)


def hypergeometric_sample(draw, ngood, nbad, nsample, size, checks):
    """hypergeometric's arguments: integers, ngood + nbad >= nsample checked first."""
    arrays = [_as_param(v, True) for v in (ngood, nbad, nsample)]
    if all(arr.ndim == 0 for arr in arrays):
        if int(ngood) + int(nbad) < int(nsample):
            raise ValueError("ngood + nbad < nsample")
    else:
        from ._ufuncs import broadcast_to
        shape = broadcast_shape([a.shape for a in arrays])
        good, bad, n = (broadcast_to(arr, shape)._values() for arr in arrays)
        if any(g + b < k for g, b, k in zip(good, bad, n)):
            raise ValueError("ngood + nbad < nsample")
    return sample(draw, tuple((v, name, check, True) for v, name, check in
                              zip((ngood, nbad, nsample), ("ngood", "nbad", "nsample"), checks)), size, INT64)


def pvals_rows(parr):
    """multinomial's pvals as rows of floats (its last axis), checked as numpy checks them: each
    in [0, 1], each row's sum but its last at most 1 + 1e-12."""
    probs = parr.astype(float)._values()
    BOUNDED_0_1(probs, "pvals", True)
    d = parr.shape[-1]
    rows = [probs[i:i + d] for i in range(0, len(probs), d)] if d else []
    part = "[:-1]" if parr.ndim == 1 else "[...,:-1]"
    for row in rows:
        if kahan_sum(row[:-1]) > 1.0 + 1e-12:
            if parr.dtype.kind == "f" and parr.dtype.itemsize < 8 and float(parr.sum()) < 1.0001:
                raise ValueError(f"sum(pvals{part}.astype(np.float64)) > 1.0. The pvals array is cast to 64-bit "
                                 "floating point prior to checking the sum. Precision changes when casting may cause "
                                 "problems even if the sum of the original pvals is valid.")
            raise ValueError(f"sum(pvals{part}) > 1.0")
    return rows


def multinomial_sample(src, n, pvals, size):
    """One n and one row of pvals: `size` rows of counts (RandomState's multinomial, and
    Generator's for a scalar n and 1-D pvals)."""
    parr = asarray(pvals)
    if parr.ndim == 0:
        raise TypeError("pvals must be a 1-d sequence")
    if parr.ndim > 1:
        raise ValueError("object too deep for desired array")
    rows = pvals_rows(parr)
    probs = rows[0] if rows else []
    shape = size_shape(size)
    shape = (len(probs),) if shape is None else shape + (len(probs),)
    NON_NEGATIVE((n,), "n", False)
    count = _prod(shape[:-1]) if probs else 0
    values = [c for _ in range(count) for c in multinomial(src, n, probs)]
    return _from_values(values or [0] * _prod(shape), shape, INT64)


def multinomial_broadcast(src, n, parr, size):
    """Generator.multinomial with an array of n or rows of pvals: n broadcast against the rows
    (and `size`), one row of counts each."""
    from ._ufuncs import broadcast_to
    rows = pvals_rows(parr)
    ns = _as_param(n, True)
    NON_NEGATIVE(ns._values(), "n", True)
    row_ids = _from_values(list(range(len(rows))), parr.shape[:-1], INT64)
    shape = size_shape(size)
    full = broadcast_shape([ns.shape, row_ids.shape] + ([] if shape is None else [shape]))
    if shape is not None and full != shape:
        raise ValueError(f"Output size {shape} is not compatible with broadcast dimensions of inputs {full}.")
    pairs = zip(broadcast_to(ns, full)._values(), broadcast_to(row_ids, full)._values())
    values = [c for k, r in pairs for c in multinomial(src, k, rows[r])]
    return _from_values(values, full + (parr.shape[-1],), INT64)


def dirichlet_sample(src, alpha, size):
    """Rows of gammas normalised to sum 1; Generator breaks a stick with betas instead when every
    alpha is below 0.1 (the gammas could all be 0)."""
    legacy = src._legacy
    len(alpha)
    arr = asarray(alpha).astype(float)
    if arr.ndim != 1:
        raise ValueError("object too deep for desired array")
    alpha = arr._values()
    if any(a <= 0 if legacy else a < 0 for a in alpha):
        raise ValueError("alpha <= 0" if legacy else "alpha < 0")
    shape = size_shape(size)
    k = len(alpha)
    shape = (k,) if shape is None else shape + (k,)
    rows = _prod(shape[:-1])
    values = []
    if not legacy and k and max(alpha) < 0.1:
        tails, total = [0.0] * k, 0.0
        for j in reversed(range(k)):
            total += alpha[j]
            tails[j] = total
        if not total > 0:
            return _from_values([0.0] * (rows * k), shape, FLOAT64)
        for _ in range(rows):
            row, acc = [0.0] * k, 1.0
            for j in range(k - 1):
                v = beta(src, alpha[j], tails[j + 1])
                row[j] = acc * v
                acc *= 1.0 - v
                if tails[j + 1] == 0:
                    break
            row[k - 1] = acc
            values += row
        return _from_values(values, shape, FLOAT64)
    for _ in range(rows):
        row, total = [], 0.0
        for a in alpha:
            row.append(standard_gamma(src, a))
            total = total + row[-1]
        inv = _div(1.0, total)
        values += [v * inv for v in row]
    return _from_values(values, shape, FLOAT64)


# ---------------------------------------------------------------------------------------
# The methods both generators have, each declared once: its name, its algorithm over the source,
# its parameters in numpy's order as (name, default, check) and its result's dtype; each also takes
# size.

REQUIRED = inspect.Parameter.empty
_LOC_SCALE = (("loc", 0.0, None), ("scale", 1.0, NON_NEGATIVE))
SAMPLERS = (
    ("standard_exponential", lambda src: src._std_exp(), (), FLOAT64),
    ("exponential", lambda src, scale: scale * src._std_exp(), (("scale", 1.0, NON_NEGATIVE),), FLOAT64),
    ("normal", lambda src, loc, scale: loc + scale * src._normal(), _LOC_SCALE, FLOAT64),
    ("standard_gamma", standard_gamma, (("shape", REQUIRED, NON_NEGATIVE),), FLOAT64),
    ("gamma", gamma, (("shape", REQUIRED, NON_NEGATIVE), ("scale", 1.0, NON_NEGATIVE)), FLOAT64),
    ("beta", beta, (("a", REQUIRED, POSITIVE), ("b", REQUIRED, POSITIVE)), FLOAT64),
    ("chisquare", chisquare, (("df", REQUIRED, POSITIVE),), FLOAT64),
    ("f", f, (("dfnum", REQUIRED, POSITIVE), ("dfden", REQUIRED, POSITIVE)), FLOAT64),
    ("noncentral_chisquare", noncentral_chisquare, (("df", REQUIRED, POSITIVE), ("nonc", REQUIRED, NON_NEGATIVE)),
     FLOAT64),
    ("noncentral_f", noncentral_f, (("dfnum", REQUIRED, POSITIVE), ("dfden", REQUIRED, POSITIVE),
                                    ("nonc", REQUIRED, NON_NEGATIVE)), FLOAT64),
    ("standard_t", standard_t, (("df", REQUIRED, POSITIVE),), FLOAT64),
    ("standard_cauchy", standard_cauchy, (), FLOAT64),
    ("lognormal", lognormal, (("mean", 0.0, None), ("sigma", 1.0, NON_NEGATIVE)), FLOAT64),
    ("laplace", laplace, _LOC_SCALE, FLOAT64),
    ("logistic", logistic, _LOC_SCALE, FLOAT64),
    ("gumbel", gumbel, _LOC_SCALE, FLOAT64),
    ("wald", wald, (("mean", REQUIRED, POSITIVE), ("scale", REQUIRED, POSITIVE)), FLOAT64),
    ("vonmises", vonmises, (("mu", REQUIRED, None), ("kappa", REQUIRED, NON_NEGATIVE)), FLOAT64),
    ("pareto", pareto, (("a", REQUIRED, POSITIVE),), FLOAT64),
    ("weibull", weibull, (("a", REQUIRED, NON_NEGATIVE),), FLOAT64),
    ("power", power, (("a", REQUIRED, POSITIVE),), FLOAT64),
    ("rayleigh", rayleigh, (("scale", 1.0, NON_NEGATIVE),), FLOAT64),
    ("negative_binomial", negative_binomial, (("n", REQUIRED, POSITIVE), ("p", REQUIRED, BOUNDED_0_1)), INT64),
    ("poisson", poisson, (("lam", 1.0, POISSON),), INT64),
    ("geometric", geometric, (("p", REQUIRED, BOUNDED_GT_0_1),), INT64),
    ("zipf", zipf, (("a", REQUIRED, GT_1),), INT64),
    ("logseries", logseries, (("p", REQUIRED, BOUNDED_LT_0_1),), INT64),
)


def _method(name, algorithm, params, dtype):
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = inspect.Signature([inspect.Parameter("self", kind)]
                                  + [inspect.Parameter(p, kind, default=default) for p, default, _ in params]
                                  + [inspect.Parameter("size", kind, default=None)])

    def method(self, *args, **kwargs):
        arguments = signature.bind(self, *args, **kwargs)
        arguments.apply_defaults()
        values = arguments.arguments
        return sample(lambda *v: algorithm(self, *v), tuple((values[p], p, check, False) for p, _, check in params),
                      values["size"], dtype)
    method.__name__ = method.__qualname__ = name
    method.__signature__ = signature
    return method


def install(cls):
    """cls's methods from SAMPLERS, but for those cls defines itself (with more arguments)."""
    for name, algorithm, params, dtype in SAMPLERS:
        if name not in vars(cls):
            setattr(cls, name, _method(name, algorithm, params, dtype))
    return cls
