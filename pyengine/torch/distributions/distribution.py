"""The Distribution base class: shapes, argument and sample validation, repr, and the
sample/rsample split."""
import warnings

from .._ops.pointwise import exp
from .._process import per_process_global
from .._size import Size
from .._tensor import Tensor
from ..autograd.grad_mode import no_grad
from . import constraints
from .utils import broadcast_all


class Distribution:
    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__
    arg_constraints = {}  # parameter name -> constraint, checked by __init__ and shown by repr

    @staticmethod
    def set_default_validate_args(value):
        if value not in (True, False):
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=Size(), event_shape=Size(), validate_args=None):
        self._batch_shape = Size(batch_shape)
        self._event_shape = Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if not self._validate_args:
            return
        for param, constraint in self.arg_constraints.items():
            if constraints.is_dependent(constraint):
                continue
            if param not in self.__dict__ and not hasattr(type(self), param):
                continue  # a parametrisation computed only when asked for
            value = getattr(self, param)
            if not bool(constraint.check(value).all()):
                raise ValueError(f"Expected parameter {param} ({type(value).__name__} of shape {tuple(value.shape)}) "
                                 f"of distribution {self!r} to satisfy the constraint {constraint!r}, "
                                 f"but found invalid values:\n{value}")

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def support(self):
        raise NotImplementedError

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def mode(self):
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError

    @property
    def stddev(self):
        return self.variance.sqrt()

    def log_prob(self, value):
        raise NotImplementedError

    def cdf(self, value):
        raise NotImplementedError

    def icdf(self, value):
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def expand(self, batch_shape, _instance=None):
        raise NotImplementedError

    def _get_checked_instance(self, cls, _instance=None):
        """The blank instance an expand() fills in: a subclass with its own __init__ must bring
        its own expand, since cls's cannot know its attributes."""
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom "
                                      "__init__ method must also define a custom .expand() method.")
        return self.__new__(type(self)) if _instance is None else _instance

    def _expand_params(self, cls, batch_shape, _instance, names):
        """expand() of a distribution whose state is the tensors `names`, each of shape
        batch_shape + its own event part: every one is expanded (a view, no copy)."""
        new = self._get_checked_instance(cls, _instance)
        batch_shape = Size(batch_shape)
        for name in names:
            if name in self.__dict__:
                value = self.__dict__[name]
                setattr(new, name, value.expand(batch_shape + value.shape[len(self._batch_shape):]))
        return self._init_expanded(new, batch_shape)

    def _init_expanded(self, new, batch_shape):
        """Gives an expanded copy its shapes and this distribution's validate_args (its parameters,
        checked here already, are not checked again)."""
        Distribution.__init__(new, Size(batch_shape), self._event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _extended_shape(self, sample_shape=Size()):
        return Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    def _validate_sample(self, value):
        """PyTorch's checks of a value given to log_prob/cdf: a tensor, of a shape that
        broadcasts with batch_shape + event_shape, inside the support."""
        if not isinstance(value, Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError(f"The right-most size of value must match event_shape: {value.size()} vs "
                             f"{self._event_shape}.")
        actual_shape, expected_shape = value.size(), self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual_shape), reversed(expected_shape)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(f"Value is not broadcastable with batch_shape+event_shape: {actual_shape} vs "
                                 f"{expected_shape}.")
        try:
            support = self.support
        except NotImplementedError:
            warnings.warn(f"{self.__class__} does not define `support` to enable sample validation. Please "
                          "initialize the distribution with `validate_args=False` to turn off validation.",
                          stacklevel=2)
            return
        if not bool(support.check(value).all()):
            raise ValueError(f"Expected value argument ({type(value).__name__} of shape {tuple(value.shape)}) "
                             f"to be within the support ({support!r}) of the distribution {self!r}, "
                             f"but found invalid values:\n{value}")

    def sample(self, sample_shape=Size()):
        with no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=Size()):
        raise NotImplementedError(f"{type(self).__name__} does not support rsample (it is not reparameterizable)")

    def sample_n(self, n):
        warnings.warn("sample_n will be deprecated. Use .sample((n,)) instead", UserWarning, stacklevel=2)
        return self.sample(Size((n,)))

    def perplexity(self):
        return exp(self.entropy())

    def __repr__(self):
        shown = [f"{p}: {self.__dict__[p] if self.__dict__[p].numel() == 1 else self.__dict__[p].size()}"
                 for p in self.arg_constraints if p in self.__dict__]
        return f"{type(self).__name__}({', '.join(shown)})"


per_process_global(Distribution, "_validate_args")  # set_default_validate_args


class _CenteredAtLoc(Distribution):
    """A distribution whose parameter loc is its mean and its mode (a family may say otherwise)."""

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc


class _LocationScale(_CenteredAtLoc):
    """The shared frame of the location-scale families here (Normal, Laplace, Cauchy): loc and
    scale broadcast together."""
    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        super().__init__(self.loc.size(), validate_args=validate_args)
