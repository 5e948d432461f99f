import numbers

from .._dtype import finfo
from .._ops.creation import as_tensor
from .._ops.gamma import digamma, lgamma
from .._ops.pointwise import log, xlogy
from .._ops.sampling import _standard_gamma
from .._ops.special_functions import gammainc
from .._size import Size
from ..autograd.grad_mode import no_grad
from . import constraints
from .exp_family import ExponentialFamily
from .utils import broadcast_all


class Gamma(ExponentialFamily):
    """Gamma(concentration, rate): rsample() is torch._standard_gamma(concentration) / rate.
    (Its values have no gradient here: PyTorch's _standard_gamma_grad is not implemented.)"""
    arg_constraints = {"concentration": constraints.positive, "rate": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True

    def __init__(self, concentration, rate, validate_args=None):
        self.concentration, self.rate = broadcast_all(concentration, rate)
        scalars = isinstance(concentration, numbers.Number) and isinstance(rate, numbers.Number)
        super().__init__(Size() if scalars else self.concentration.size(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expand_params(Gamma, batch_shape, _instance, ("concentration", "rate"))

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def mode(self):
        return ((self.concentration - 1) / self.rate).clamp(min=0)

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def rsample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        with no_grad():
            value = _standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)
            return value.clamp_(min=finfo(value.dtype).tiny)

    def log_prob(self, value):
        value = as_tensor(value, dtype=self.rate.dtype)
        if self._validate_args:
            self._validate_sample(value)
        return (xlogy(self.concentration, self.rate) + xlogy(self.concentration - 1, value)
                - self.rate * value - lgamma(self.concentration))

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return gammainc(self.concentration, self.rate * value)

    def entropy(self):
        return (self.concentration - log(self.rate) + lgamma(self.concentration)
                + (1.0 - self.concentration) * digamma(self.concentration))

    _mean_carrier_measure = 0

    @property
    def _natural_params(self):
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x, y):
        return lgamma(x + 1) + (x + 1) * log(-y.reciprocal())
