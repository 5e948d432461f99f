import math

from .._ops.creation import arange
from .._ops.pointwise import exp, log1p, logit
from .._random_ops import bernoulli
from .._size import Size
from ..autograd.grad_mode import no_grad
from ..nn.functional import binary_cross_entropy_with_logits
from . import constraints
from .exp_family import ExponentialFamily
from .utils import _enumerated, _set_probs_or_logits, broadcast_all, probs_or_logits


class Bernoulli(ExponentialFamily):
    """Bernoulli(probs=None, logits=None): sample() is torch.bernoulli(probs.expand(shape))."""
    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.boolean
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        super().__init__(_set_probs_or_logits(self, probs, logits), validate_args=validate_args)

    __getattr__ = probs_or_logits(is_binary=True)

    def expand(self, batch_shape, _instance=None):
        new = self._expand_params(Bernoulli, batch_shape, _instance, ("probs", "logits"))
        new._param = new.probs if "probs" in self.__dict__ else new.logits
        return new

    @property
    def param_shape(self):
        return self._param.size()
    _mean_carrier_measure = 0

    def enumerate_support(self, expand=True):
        return _enumerated(arange(2, dtype=self._param.dtype), self._batch_shape, expand)

    @property
    def _natural_params(self):
        return (logit(self.probs),)

    def _log_normalizer(self, x):
        return log1p(exp(x))

    @property
    def mean(self):
        return self.probs

    @property
    def mode(self):
        mode = (self.probs >= 0.5).to(self.probs)
        mode[self.probs == 0.5] = math.nan
        return mode

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    def sample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        with no_grad():
            return bernoulli(self.probs.expand(shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -binary_cross_entropy_with_logits(logits, value, reduction="none")

    def entropy(self):
        return binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none")
