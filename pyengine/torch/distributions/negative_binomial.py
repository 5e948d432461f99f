from .._ops.gamma import lgamma
from .._ops.pointwise import exp, sigmoid
from .._ops.sampling import poisson
from .._size import Size
from ..autograd.grad_mode import no_grad
from ..nn.functional import logsigmoid
from . import constraints
from .binomial import _CountAndProbs
from .gamma import Gamma


class NegativeBinomial(_CountAndProbs):
    """Successes before total_count failures, success probability probs: sample() is
    torch.poisson(Gamma(total_count, exp(-logits)).sample()), as in PyTorch."""
    arg_constraints = {"total_count": constraints.greater_than_eq(0),
                       "probs": constraints.half_open_interval(0.0, 1.0), "logits": constraints.real}
    support = constraints.nonnegative_integer

    def __init__(self, total_count, probs=None, logits=None, validate_args=None):
        super().__init__(total_count, probs, logits, validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expand_counts(NegativeBinomial, batch_shape, _instance)

    @property
    def mean(self):
        return self.total_count * exp(self.logits)

    @property
    def mode(self):
        return ((self.total_count - 1) * self.logits.exp()).floor().clamp(min=0.0)

    @property
    def variance(self):
        return self.mean / sigmoid(-self.logits)

    def sample(self, sample_shape=Size()):
        with no_grad():
            rate = Gamma(concentration=self.total_count, rate=exp(-self.logits),
                         validate_args=False).sample(sample_shape=sample_shape)
            return poisson(rate)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        log_unnormalized_prob = self.total_count * logsigmoid(-self.logits) + value * logsigmoid(self.logits)
        log_normalization = -lgamma(self.total_count + value) + lgamma(1.0 + value) + lgamma(self.total_count)
        log_normalization = log_normalization.masked_fill(self.total_count + value == 0.0, 0.0)
        return log_unnormalized_prob - log_normalization
