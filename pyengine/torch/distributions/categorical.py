from .._dtype import float32, int64
from .._ops.creation import arange, full
from .._ops.pointwise import clamp
from .._ops.shape import broadcast_tensors
from .._random_ops import multinomial
from .._size import Size
from . import constraints
from .distribution import Distribution
from .utils import _enumerated, probs_or_logits


class Categorical(Distribution):
    """Categorical(probs=None, logits=None) over the last dim: sample() draws with
    torch.multinomial(probs_2d, n, True), as PyTorch does, so seeded streams agree."""
    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    has_enumerate_support = True

    @property
    def support(self):
        return constraints.integer_interval(0, self._num_events - 1)

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)
        else:
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.logits = logits - logits.logsumexp(dim=-1, keepdim=True)
        self._param = self.probs if probs is not None else self.logits
        self._num_events = self._param.size()[-1]
        batch_shape = self._param.size()[:-1] if self._param.dim() > 1 else Size()
        super().__init__(batch_shape, validate_args=validate_args)

    __getattr__ = probs_or_logits()

    def expand(self, batch_shape, _instance=None):
        new = self._expand_params(Categorical, batch_shape, _instance, ("probs", "logits"))
        new._param = new.probs if "probs" in self.__dict__ else new.logits
        new._num_events = self._num_events
        return new

    @property
    def param_shape(self):
        return self._param.size()

    @property
    def mean(self):
        return full(self._extended_shape(), float("nan"), dtype=self.probs.dtype)

    @property
    def mode(self):
        return self.probs.argmax(dim=-1)

    @property
    def variance(self):
        return full(self._extended_shape(), float("nan"), dtype=self.probs.dtype)

    def enumerate_support(self, expand=True):
        return _enumerated(arange(self._num_events, dtype=int64), self._batch_shape, expand)

    def sample(self, sample_shape=Size()):
        sample_shape = Size(sample_shape)
        probs_2d = self.probs.reshape(-1, self._num_events)
        samples_2d = multinomial(probs_2d, sample_shape.numel(), True).T
        return samples_2d.reshape(self._extended_shape(sample_shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        value = value.long().unsqueeze(-1)
        value, log_pmf = broadcast_tensors(value, self.logits)
        value = value[..., :1]
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self):
        min_real = -3.4028234663852886e38 if self.logits.dtype is float32 else -1.7976931348623157e308
        logits = clamp(self.logits, min=min_real)
        p_log_p = logits * self.probs
        return -p_log_p.sum(-1)


class _CategoricalBacked(Distribution):
    """The frame of distributions built on a Categorical over the last dim (OneHotCategorical,
    Multinomial): its probs and logits are theirs."""
    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    @property
    def probs(self):
        return self._categorical.probs

    @property
    def logits(self):
        return self._categorical.logits

    @property
    def param_shape(self):
        return self._categorical.param_shape

    def _expand_categorical(self, cls, batch_shape, _instance):
        new = self._get_checked_instance(cls, _instance)
        new._categorical = self._categorical.expand(batch_shape)
        return self._init_expanded(new, batch_shape)
