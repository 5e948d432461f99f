import math
import numbers

from .._ops.creation import ones_like, tensor, zeros_like
from .._ops.pointwise import exp, expm1, isclose, log, log1p, where
from .._ops.shape import broadcast_to
from .._random_ops import rand
from .._size import Size
from . import constraints
from .distribution import Distribution
from .utils import broadcast_all


class GeneralizedPareto(Distribution):
    """The generalized Pareto distribution (loc, scale, concentration xi): exponential tails at
    xi = 0, heavy for xi > 0, bounded above for xi < 0. rsample() is icdf(rand())."""
    arg_constraints = {"loc": constraints.real, "scale": constraints.positive, "concentration": constraints.real}
    has_rsample = True

    def __init__(self, loc, scale, concentration, validate_args=None):
        self.loc, self.scale, self.concentration = broadcast_all(loc, scale, concentration)
        scalars = all(isinstance(v, numbers.Number) for v in (loc, scale, concentration))
        super().__init__(Size() if scalars else self.loc.size(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expand_params(GeneralizedPareto, batch_shape, _instance, ("loc", "scale", "concentration"))

    def rsample(self, sample_shape=Size()):
        return self.icdf(rand(self._extended_shape(sample_shape), dtype=self.loc.dtype))

    def _safe_concentration(self, zero_like):
        """(concentration == 0, concentration with its zeros replaced by 1 for the xi != 0 branch)."""
        eq_zero = isclose(self.concentration, zero_like)
        return eq_zero, where(eq_zero, ones_like(self.concentration), self.concentration)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        z = self._z(value)
        eq_zero, safe_conc = self._safe_concentration(tensor(0.0))
        y = 1 / safe_conc + ones_like(z)
        where_nonzero = where(y == 0, y, y * log1p(safe_conc * z))
        return -self.scale.log() - where(eq_zero, z, where_nonzero)

    def log_survival_function(self, value):
        if self._validate_args:
            self._validate_sample(value)
        z = self._z(value)
        eq_zero, safe_conc = self._safe_concentration(tensor(0.0))
        return where(eq_zero, -z, -log1p(safe_conc * z) / safe_conc)

    def log_cdf(self, value):
        return log1p(-exp(self.log_survival_function(value)))

    def cdf(self, value):
        return exp(self.log_cdf(value))

    def icdf(self, value):
        eq_zero, safe_conc = self._safe_concentration(zeros_like(self.concentration))
        logu = log1p(-value)
        where_nonzero = self.loc + self.scale / safe_conc * expm1(-safe_conc * logu)
        return where(eq_zero, self.loc - self.scale * logu, where_nonzero)

    def _z(self, x):
        return (x - self.loc) / self.scale

    @property
    def mean(self):
        valid = self.concentration < 1
        safe_conc = where(valid, self.concentration, 0.5)
        return where(valid, self.loc + self.scale / (1 - safe_conc), math.nan)

    @property
    def variance(self):
        valid = self.concentration < 0.5
        safe_conc = where(valid, self.concentration, 0.25)
        return where(valid, self.scale ** 2 / ((1 - safe_conc) ** 2 * (1 - 2 * safe_conc)), math.nan)

    def entropy(self):
        return broadcast_to(log(self.scale) + self.concentration + 1, self._batch_shape)

    @property
    def mode(self):
        return self.loc

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self):
        lower = self.loc
        upper = where(self.concentration < 0, lower - self.scale / self.concentration, math.inf)
        return constraints.interval(lower, upper)
