import math
import numbers

from .._ops.creation import ones_like, zeros_like
from .._ops.pointwise import expm1, log, log1p, maximum, where
from .._random_ops import rand
from .._size import Size
from ..autograd.grad_mode import no_grad
from ..nn.functional import binary_cross_entropy_with_logits
from . import constraints
from .exp_family import ExponentialFamily
from .utils import broadcast_all, clamp_probs, logits_to_probs, probs_to_logits


class ContinuousBernoulli(ExponentialFamily):
    """The continuous Bernoulli on [0, 1] (Loaiza-Ganem & Cunningham 2019): density proportional to
    p^x (1-p)^(1-x). Near p = 1/2 (inside lims) the normaliser and moments use their Taylor
    expansions, as PyTorch's do; samples are icdf(rand())."""
    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.unit_interval
    _mean_carrier_measure = 0
    has_rsample = True

    def __init__(self, probs=None, logits=None, lims=(0.499, 0.501), validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        given = probs if probs is not None else logits
        if probs is not None:
            (self.probs,) = broadcast_all(probs)
            if validate_args is not None and not self.arg_constraints["probs"].check(self.probs).all():
                raise ValueError("The parameter probs has invalid values")
            self.probs = clamp_probs(self.probs)
        else:
            (self.logits,) = broadcast_all(logits)
        self._param = self.probs if probs is not None else self.logits
        self._lims = lims
        super().__init__(Size() if isinstance(given, numbers.Number) else self._param.size(),
                         validate_args=validate_args)

    def __getattr__(self, name):  # the parametrisation not given, computed when first asked for
        if name == "probs" and "logits" in self.__dict__:
            self.probs = clamp_probs(logits_to_probs(self.logits, is_binary=True))
            return self.probs
        if name == "logits" and "probs" in self.__dict__:
            self.logits = probs_to_logits(self.probs, is_binary=True)
            return self.logits
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def expand(self, batch_shape, _instance=None):
        new = self._expand_params(ContinuousBernoulli, batch_shape, _instance, ("probs", "logits"))
        new._lims = self._lims
        new._param = new.probs if "probs" in self.__dict__ else new.logits
        return new

    def _outside_unstable_region(self):
        return maximum(self.probs.le(self._lims[0]), self.probs.gt(self._lims[1]))

    def _cut_probs(self):
        return where(self._outside_unstable_region(), self.probs, self._lims[0] * ones_like(self.probs))

    def _cont_bern_log_norm(self):
        """log of the normalising constant C(p), the Taylor expansion about p = 1/2 inside lims."""
        cut_probs = self._cut_probs()
        below_half = where(cut_probs.le(0.5), cut_probs, zeros_like(cut_probs))
        above_half = where(cut_probs.ge(0.5), cut_probs, ones_like(cut_probs))
        log_norm = (log((log1p(-cut_probs) - log(cut_probs)).abs())
                    - where(cut_probs.le(0.5), log1p(-2.0 * below_half), log(2.0 * above_half - 1.0)))
        x = (self.probs - 0.5).pow(2)
        taylor = math.log(2.0) + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        return where(self._outside_unstable_region(), log_norm, taylor)

    @property
    def mean(self):
        cut_probs = self._cut_probs()
        mus = cut_probs / (2.0 * cut_probs - 1.0) + 1.0 / (log1p(-cut_probs) - log(cut_probs))
        x = self.probs - 0.5
        taylor = 0.5 + (1.0 / 3.0 + 16.0 / 45.0 * x.pow(2)) * x
        return where(self._outside_unstable_region(), mus, taylor)

    @property
    def stddev(self):
        return self.variance.sqrt()

    @property
    def variance(self):
        cut_probs = self._cut_probs()
        variances = (cut_probs * (cut_probs - 1.0) / (1.0 - 2.0 * cut_probs).pow(2)
                     + 1.0 / (log1p(-cut_probs) - log(cut_probs)).pow(2))
        x = (self.probs - 0.5).pow(2)
        taylor = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return where(self._outside_unstable_region(), variances, taylor)

    @property
    def param_shape(self):
        return self._param.size()

    def sample(self, sample_shape=Size()):
        u = rand(self._extended_shape(sample_shape), dtype=self.probs.dtype)
        with no_grad():
            return self.icdf(u)

    def rsample(self, sample_shape=Size()):
        return self.icdf(rand(self._extended_shape(sample_shape), dtype=self.probs.dtype))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -binary_cross_entropy_with_logits(logits, value, reduction="none") + self._cont_bern_log_norm()

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        cut_probs = self._cut_probs()
        cdfs = (cut_probs.pow(value) * (1.0 - cut_probs).pow(1.0 - value) + cut_probs - 1.0) / (2.0 * cut_probs - 1.0)
        unbounded_cdfs = where(self._outside_unstable_region(), cdfs, value)
        return where(value.le(0.0), zeros_like(value), where(value.ge(1.0), ones_like(value), unbounded_cdfs))

    def icdf(self, value):
        cut_probs = self._cut_probs()
        return where(self._outside_unstable_region(),
                     (log1p(-cut_probs + value * (2.0 * cut_probs - 1.0)) - log1p(-cut_probs))
                     / (log(cut_probs) - log1p(-cut_probs)), value)

    def entropy(self):
        log_probs0, log_probs1 = log1p(-self.probs), log(self.probs)
        return self.mean * (log_probs0 - log_probs1) - self._cont_bern_log_norm() - log_probs0

    @property
    def _natural_params(self):
        return (self.logits,)

    def _log_normalizer(self, x):
        # PyTorch compares the natural parameter with lims - 0.5 here; kept, for the same values
        out_unst_reg = maximum(x.le(self._lims[0] - 0.5), x.gt(self._lims[1] - 0.5))
        cut_nat_params = where(out_unst_reg, x, (self._lims[0] - 0.5) * ones_like(x))
        log_norm = log(expm1(cut_nat_params).abs()) - log(cut_nat_params.abs())
        taylor = 0.5 * x + x.pow(2) / 24.0 - x.pow(4) / 2880.0
        return where(out_unst_reg, log_norm, taylor)
