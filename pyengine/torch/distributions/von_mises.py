import math

from .._dtype import bool_, float64
from .._ops.creation import empty, zeros
from .._ops.pointwise import cos, where
from .._random_ops import rand
from .._size import Size
from ..autograd.grad_mode import no_grad
from . import constraints
from .distribution import _CenteredAtLoc
from .utils import broadcast_all

# Abramowitz & Stegun 9.8.1-9.8.4: polynomial approximations of I0 and I1, below and above x = 3.75
_I0_COEF_SMALL = [1.0, 3.5156229, 3.0899424, 1.2067492, 0.2659732, 0.0360768, 0.0045813]
_I0_COEF_LARGE = [0.39894228, 0.01328592, 0.00225319, -0.00157565, 0.00916281, -0.02057706, 0.02635537,
                  -0.01647633, 0.00392377]
_I1_COEF_SMALL = [0.5, 0.87890594, 0.51498869, 0.15084934, 0.02658733, 0.00301532, 0.00032411]
_I1_COEF_LARGE = [0.39894228, -0.03988024, -0.00362018, 0.00163801, -0.01031555, 0.02282967, -0.02895312,
                  0.01787654, -0.00420059]


def _eval_poly(y, coef):
    """sum coef[i] * y**i by Horner's rule."""
    result = coef[-1]
    for c in reversed(coef[:-1]):
        result = c + y * result
    return result


def _log_modified_bessel_fn(x, order=0):
    """log I_order(x) for order 0 or 1."""
    y = x / 3.75
    y = y * y
    small = _eval_poly(y, _I0_COEF_SMALL if order == 0 else _I1_COEF_SMALL)
    if order == 1:
        small = x.abs() * small
    small = small.log()
    y = 3.75 / x
    large = x - 0.5 * x.log() + _eval_poly(y, _I0_COEF_LARGE if order == 0 else _I1_COEF_LARGE).log()
    return where(x < 3.75, small, large)


def _rejection_sample(loc, concentration, proposal_r, x):
    """Best & Fisher's (1979) rejection sampler, in float64: each round draws three uniforms per
    element and fills in the elements accepted so far."""
    done = zeros(x.shape, dtype=bool_)
    while not done.all():
        u1, u2, u3 = rand((3,) + tuple(x.shape), dtype=loc.dtype).unbind()
        z = cos(math.pi * u1)
        f = (1 + proposal_r * z) / (proposal_r + z)
        c = concentration * (proposal_r - f)
        accept = (c * (2 - c) - u2 > 0) | ((c / u2).log() + 1 - c >= 0)
        if accept.any():
            x = where(accept, (u3 - 0.5).sign() * f.acos(), x)
            done = done | accept
    return (x + math.pi + loc) % (2 * math.pi) - math.pi


class VonMises(_CenteredAtLoc):
    """The von Mises distribution on the circle, angles in [-pi, pi)."""
    arg_constraints = {"loc": constraints.real, "concentration": constraints.positive}
    support = constraints.real
    has_rsample = False

    def __init__(self, loc, concentration, validate_args=None):
        self.loc, self.concentration = broadcast_all(loc, concentration)
        super().__init__(self.loc.shape, Size(), validate_args)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        log_prob = self.concentration * cos(value - self.loc)
        return log_prob - math.log(2 * math.pi) - _log_modified_bessel_fn(self.concentration, order=0)

    def _proposal_r(self, kappa):
        tau = 1 + (1 + 4 * kappa ** 2).sqrt()
        rho = (tau - (2 * tau).sqrt()) / (2 * kappa)
        return where(kappa < 1e-5, 1 / kappa + kappa, (1 + rho ** 2) / (2 * rho))

    def sample(self, sample_shape=Size()):
        with no_grad():
            loc, kappa = self.loc.to(float64), self.concentration.to(float64)
            x = empty(self._extended_shape(sample_shape), dtype=float64)
            return _rejection_sample(loc, kappa, self._proposal_r(kappa), x).to(self.loc.dtype)

    def expand(self, batch_shape, _instance=None):
        return type(self)(self.loc.expand(batch_shape), self.concentration.expand(batch_shape),
                          validate_args=self.__dict__.get("_validate_args"))

    @property
    def variance(self):
        return 1 - (_log_modified_bessel_fn(self.concentration, order=1)
                    - _log_modified_bessel_fn(self.concentration, order=0)).exp()
