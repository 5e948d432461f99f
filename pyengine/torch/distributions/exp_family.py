from ..autograd import grad
from .distribution import Distribution


class ExponentialFamily(Distribution):
    """Distributions with density exp(<t(x), theta> - F(theta) + k(x)): a subclass gives its natural
    parameters theta, its log-normalizer F and E[k(x)]; the entropy (and the KL between two members
    of one family, in kl.py) follows from F's gradient (a Bregman divergence)."""

    @property
    def _natural_params(self):
        raise NotImplementedError

    def _log_normalizer(self, *natural_params):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        result = -self._mean_carrier_measure
        nparams = [p.detach().requires_grad_() for p in self._natural_params]
        lg_normal = self._log_normalizer(*nparams)
        gradients = grad(lg_normal.sum(), nparams, create_graph=True)
        result += lg_normal
        for np, g in zip(nparams, gradients):
            result -= (np * g).reshape(self._batch_shape + (-1,)).sum(-1)
        return result
