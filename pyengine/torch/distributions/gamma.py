import numbers

import torch
from . import constraints
from .distribution import Distribution
from .utils import broadcast_all


class Gamma(Distribution):
    """Gamma(concentration, rate): rsample() is torch._standard_gamma(concentration) / rate.
    (Its values have no gradient here: PyTorch's _standard_gamma_grad is not implemented.)"""
    arg_constraints = {"concentration": constraints.positive, "rate": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True

    def __init__(self, concentration, rate, validate_args=None):
        self.concentration, self.rate = broadcast_all(concentration, rate)
        scalars = isinstance(concentration, numbers.Number) and isinstance(rate, numbers.Number)
        super().__init__(torch.Size() if scalars else self.concentration.size(), validate_args=validate_args)

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def mode(self):
        return ((self.concentration - 1) / self.rate).clamp(min=0)

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def rsample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        with torch.no_grad():
            value = torch._standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)
            return value.clamp_(min=torch.finfo(value.dtype).tiny)

    def log_prob(self, value):
        value = torch.as_tensor(value, dtype=self.rate.dtype)
        if self._validate_args:
            self._validate_sample(value)
        return (torch.xlogy(self.concentration, self.rate) + torch.xlogy(self.concentration - 1, value)
                - self.rate * value - torch.lgamma(self.concentration))

    def entropy(self):
        return (self.concentration - torch.log(self.rate) + torch.lgamma(self.concentration)
                + (1.0 - self.concentration) * torch.digamma(self.concentration))
