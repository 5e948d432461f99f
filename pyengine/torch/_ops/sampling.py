"""The rejection samplers behind torch.distributions: torch.poisson, torch.binomial,
torch._standard_gamma and torch._sample_dirichlet.

PyTorch's CPU kernels (ATen/native/Distributions.cpp and .h) walk the tensor in order and draw
float64 uniforms (53 bits of one 64-bit draw, torch-parity.md 1.2) and float64 normals (the
scalar sampler with its cached spare, 2.2.1) per element as the algorithm asks; the arithmetic
below keeps their C types (float32 where the kernel computes in ``scalar_t``), so a seeded
program draws PyTorch's numbers.
"""
import math

from .. import _dtype, _libm, _random
from .._float32 import f32
from .._random_ops import _gen, _require_float
from ..autograd.derivatives import op
from ._helpers import from_values

_FLOAT32_TINY = 1.1754943508222875e-38
_FLOAT64_TINY = 2.2250738585072014e-308


def _uniform(gen):
    return gen.u53(1)[0]


def _normal(gen):
    return _random._normal_scalar(gen, 1, 0.0, 1.0)[0]


def _rounding(dtype):
    return f32 if dtype is _dtype.float32 else float


# ---- Poisson --------------------------------------------------------------------------------

def _poisson_one(lam, gen):
    """sample_poisson: transformed rejection (Hoermann 1993) from 10 on, else products of uniforms."""
    if lam >= 10:
        slam, loglam = math.sqrt(lam), _libm.log(lam)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = _uniform(gen) - 0.5
            v = _uniform(gen)
            us = 0.5 - abs(u)
            k = math.floor((2 * a / us + b) * u + lam + 0.43)
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if _libm.log(v) + _libm.log(invalpha) - _libm.log(a / (us * us) + b) <= \
                    -lam + k * loglam - math.lgamma(k + 1.0):
                return k
    if lam == 0:
        return 0
    enlam = _libm.exp(-lam)
    x, prod = 0, 1.0
    while True:
        prod *= _uniform(gen)
        if prod > enlam:
            x += 1
        else:
            return x


@op(name="poisson", forms="torch")
def poisson(input, generator=None):
    _require_float(input.dtype, "poisson_cpu")
    gen = _gen(generator)
    rates = input._flat()
    if any(not lam >= 0 for lam in rates):
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    return from_values([float(_poisson_one(lam, gen)) for lam in rates], input._shape, input.dtype)


# ---- Binomial -------------------------------------------------------------------------------

_STIRLING_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
                  0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
                  0.00925546218271273, 0.00833056343336287)


def _stirling_tail(k):
    if k <= 9:
        return _STIRLING_TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _btrs(count, prob, gen, r):
    """Transformed rejection with squeeze (Hormann 1993), as ATen writes it (count and prob
    are scalar_t: their products round to it)."""
    stddev = math.sqrt(r(r(count * prob) * r(1 - prob)))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = r(count * prob) + 0.5
    v_r = 0.92 - 4.2 / b
    ratio = r(prob / r(1 - prob))
    alpha = (2.83 + 5.1 / b) * stddev
    m = math.floor(r(r(count + 1) * prob))
    while True:
        u = _uniform(gen) - 0.5
        v = _uniform(gen)
        us = 0.5 - abs(u)
        k = r(math.floor((2 * a / us + b) * u + c))
        if k < 0 or k > count:
            continue
        if us >= 0.07 and v <= v_r:
            return k
        v = _libm.log(v * alpha / (a / (us * us) + b))
        upper = ((m + 0.5) * _libm.log((m + 1) / (ratio * (count - m + 1)))
                 + (count + 1) * _libm.log((count - m + 1) / r(count - k + 1))
                 + (k + 0.5) * _libm.log(ratio * r(count - k + 1) / r(k + 1))
                 + _stirling_tail(m) + _stirling_tail(count - m) - _stirling_tail(k) - _stirling_tail(r(count - k)))
        if v <= upper:
            return k


def _binomial_inversion(count, prob, gen, r):
    geom_sum, num_geom = 0.0, 0.0
    logprob = r(math.log1p(-prob))
    while True:
        geom = math.ceil(_libm.log(_uniform(gen)) / logprob)
        geom_sum += geom
        if geom_sum > count:
            return num_geom
        num_geom += 1


def _binomial_one(count, prob, gen, r):
    if count <= 0.0 or prob <= 0.0:
        return 0.0
    if prob >= 1.0:
        return count
    if prob <= 0.5:
        sampler = _btrs if r(count * prob) >= 10.0 else _binomial_inversion
        return sampler(count, prob, gen, r)
    if prob > 0.5:
        q = r(1.0 - prob)
        sampler = _btrs if r(count * q) >= 10.0 else _binomial_inversion
        return r(count - sampler(count, q, gen, r))
    return math.nan


@op(name="binomial", forms="torch")
def binomial(count, prob, generator=None):
    _require_float(prob.dtype, "binomial_cpu")
    if count._shape != prob._shape:
        from .shape import expand
        from ._helpers import broadcast_shapes
        shape = broadcast_shapes(count._shape, prob._shape)
        count, prob = expand(count, shape), expand(prob, shape)
    gen, r = _gen(generator), _rounding(prob.dtype)
    values = [r(_binomial_one(r(n), p, gen, r)) for n, p in zip(count._flat(), prob._flat())]
    return from_values(values, prob._shape, prob.dtype)


# ---- Gamma and Dirichlet --------------------------------------------------------------------

def _gamma_one(alpha, gen, r):
    """sample_gamma: Marsaglia and Tsang (2000), alpha boosted by one below 1. ``alpha`` is
    scalar_t (r rounds to it); the sampling arithmetic is float64."""
    scale = 1.0
    if alpha < 1.0:
        if alpha == 0.0:
            return 0.0
        scale *= (1 - _uniform(gen)) ** r(1.0 / alpha)
        alpha = r(alpha + 1.0)
    d = r(alpha - f32(1.0 / 3.0))
    c = 1.0 / math.sqrt(9.0 * d)
    while True:
        while True:
            x = _normal(gen)
            y = 1.0 + c * x
            if y > 0:
                break
        v = y * y * y
        u = 1 - _uniform(gen)
        xx = x * x
        if u < 1.0 - _C0331 * xx * xx:
            return scale * d * v
        if _libm.log(u) < 0.5 * xx + d * (1.0 - v + _libm.log(v)):
            return scale * d * v


_C0331 = f32(0.0331)


@op(name="_standard_gamma", forms="torch")
def _standard_gamma(input, generator=None):
    _require_float(input.dtype, "gamma_cpu")
    gen, r = _gen(generator), _rounding(input.dtype)
    tiny = _FLOAT32_TINY if input.dtype is _dtype.float32 else _FLOAT64_TINY
    values = [max(tiny, r(_gamma_one(r(a), gen, r))) for a in input._flat()]
    return from_values(values, input._shape, input.dtype)


@op(name="_sample_dirichlet", forms="torch")
def _sample_dirichlet(input, generator=None):
    """Gamma draws in float64, each row divided by its sum, rounded and clamped into
    [smallest normal, largest value below 1] of the dtype."""
    from .reduction import sum as reduce_sum
    _require_float(input.dtype, "dirichlet")
    gen = _gen(generator)
    gammas = from_values([max(_FLOAT64_TINY, _gamma_one(float(a), gen, float)) for a in input._flat()],
                         input._shape, _dtype.float64)
    sums = reduce_sum(gammas, -1, True).expand(input._shape)._flat()
    r = _rounding(input.dtype)
    tiny = _FLOAT32_TINY if input.dtype is _dtype.float32 else _FLOAT64_TINY
    below_one = 0.9999999403953552 if input.dtype is _dtype.float32 else 0.9999999999999999
    values = [min(below_one, max(tiny, r(g / s))) for g, s in zip(gammas._flat(), sums)]
    return from_values(values, input._shape, input.dtype)
