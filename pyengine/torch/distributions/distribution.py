"""The Distribution base class: shapes, repr, and the sample/rsample split."""
import torch


class Distribution:
    has_rsample = False
    arg_constraints = ()  # the parameter names shown by repr, in order

    def __init__(self, batch_shape=torch.Size(), event_shape=torch.Size(), validate_args=None):
        self._batch_shape = torch.Size(batch_shape)
        self._event_shape = torch.Size(event_shape)

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def stddev(self):
        return self.variance.sqrt()

    def _extended_shape(self, sample_shape=torch.Size()):
        return torch.Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    def sample(self, sample_shape=torch.Size()):
        with torch.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=torch.Size()):
        raise NotImplementedError(f"{type(self).__name__} does not support rsample (it is not reparameterizable)")

    def sample_n(self, n):
        return self.sample(torch.Size((n,)))

    def perplexity(self):
        return torch.exp(self.entropy())

    def __repr__(self):
        shown = []
        for name in self.arg_constraints:
            if name in self.__dict__:
                value = self.__dict__[name]
                shown.append(f"{name}: {value.item() if value.numel() == 1 else value.size()}")
        return f"{type(self).__name__}({', '.join(shown)})"
