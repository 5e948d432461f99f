import math
import numbers
import warnings

from .._dtype import finfo
from .._ops.creation import arange, eye, tensor
from .._ops.decompositions import mvlgamma
from .._ops.gamma import digamma
from .._ops.linalg_decompositions import cholesky_solve
from .._ops.shape import broadcast_shapes
from .._random_ops import randn
from .._size import Size
from ..linalg import cholesky, inv, slogdet
from . import constraints
from .chi2 import Chi2
from .exp_family import ExponentialFamily

_LOG_2 = math.log(2)


def _mvdigamma(x, p):
    """The multivariate digamma function: sum over i < p of digamma(x - i / 2)."""
    if not x.gt((p - 1) / 2).all():
        raise AssertionError("Wrong domain for multivariate digamma function.")
    return digamma(x.unsqueeze(-1) - arange(p, dtype=x.dtype).div(2).expand(x.shape + (-1,))).sum(-1)


def _strictly_lower_indices(p):
    """Row and column indices of the entries below the diagonal of a p x p matrix, row by row."""
    rows = [i for i in range(p) for _ in range(i)]
    cols = [j for i in range(p) for j in range(i)]
    return tensor(rows), tensor(cols)


class Wishart(ExponentialFamily):
    """Wishart(df, covariance_matrix=None, precision_matrix=None, scale_tril=None) over positive
    definite matrices: rsample() is Bartlett's decomposition, chi-squared draws for the diagonal
    first, then normal draws below it."""
    support = constraints.positive_definite
    has_rsample = True
    _mean_carrier_measure = 0

    @property
    def arg_constraints(self):
        return {"covariance_matrix": constraints.positive_definite,
                "precision_matrix": constraints.positive_definite,
                "scale_tril": constraints.lower_cholesky, "df": constraints.greater_than(self.event_shape[-1] - 1)}

    def __init__(self, df, covariance_matrix=None, precision_matrix=None, scale_tril=None, validate_args=None):
        if (covariance_matrix is not None) + (scale_tril is not None) + (precision_matrix is not None) != 1:
            raise AssertionError("Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.")
        param = next(p for p in (covariance_matrix, precision_matrix, scale_tril) if p is not None)
        if param.dim() < 2:
            raise ValueError("scale_tril must be at least two-dimensional, with optional leading batch dimensions")
        if isinstance(df, numbers.Number):
            batch_shape = Size(param.shape[:-2])
            self.df = tensor(df, dtype=param.dtype)
        else:
            batch_shape = broadcast_shapes(param.shape[:-2], df.shape)
            self.df = df.expand(batch_shape)
        event_shape = param.shape[-2:]
        if self.df.le(event_shape[-1] - 1).any():
            raise ValueError(f"Value of df={df} expected to be greater than ndim - 1 = {event_shape[-1] - 1}.")
        if scale_tril is not None:
            self.scale_tril = param.expand(batch_shape + (-1, -1))
        elif covariance_matrix is not None:
            self.covariance_matrix = param.expand(batch_shape + (-1, -1))
        else:
            self.precision_matrix = param.expand(batch_shape + (-1, -1))
        if self.df.lt(event_shape[-1]).any():
            warnings.warn("Low df values detected. Singular samples are highly likely to occur for ndim - 1 < df < ndim.",
                          stacklevel=2)
        super().__init__(batch_shape, event_shape, validate_args=validate_args)
        if scale_tril is not None:
            self._unbroadcasted_scale_tril = scale_tril
        elif covariance_matrix is not None:
            self._unbroadcasted_scale_tril = cholesky(covariance_matrix)
        else:
            self._unbroadcasted_scale_tril = cholesky(inv(precision_matrix))
        self._set_chi2()

    def _set_chi2(self):
        """The chi-squared distributions of Bartlett's diagonal: df - i degrees of freedom in row i."""
        p = self._event_shape[-1]
        self._batch_dims = [-(x + 1) for x in range(len(self._batch_shape))]
        steps = arange(p, dtype=self._unbroadcasted_scale_tril.dtype).expand(self._batch_shape + (-1,))
        self._dist_chi2 = Chi2(df=self.df.unsqueeze(-1) - steps)

    def expand(self, batch_shape, _instance=None):
        new = self._expand_params(Wishart, batch_shape, _instance,
                                  ("df", "covariance_matrix", "scale_tril", "precision_matrix"))
        new._unbroadcasted_scale_tril = self._unbroadcasted_scale_tril.expand(Size(batch_shape) + self.event_shape)
        new._set_chi2()
        return new

    def __getattr__(self, name):  # the parametrisations not given, computed when first asked for
        L = self.__dict__.get("_unbroadcasted_scale_tril")
        if L is None or name not in ("scale_tril", "covariance_matrix", "precision_matrix"):
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        if name == "scale_tril":
            value = L
        elif name == "covariance_matrix":
            value = L @ L.transpose(-2, -1)
        else:
            value = cholesky_solve(eye(self._event_shape[-1], dtype=L.dtype), L)
        self.__dict__[name] = value.expand(self._batch_shape + self._event_shape)
        return self.__dict__[name]

    @property
    def mean(self):
        return self.df.view(self._batch_shape + (1, 1)) * self.covariance_matrix

    @property
    def mode(self):
        factor = self.df - self.covariance_matrix.shape[-1] - 1
        factor[factor <= 0] = math.nan
        return factor.view(self._batch_shape + (1, 1)) * self.covariance_matrix

    @property
    def variance(self):
        V = self.covariance_matrix
        diag_V = V.diagonal(dim1=-2, dim2=-1)
        return self.df.view(self._batch_shape + (1, 1)) * (V.pow(2) + diag_V.unsqueeze(-1) * diag_V.unsqueeze(-2))

    def _bartlett_sampling(self, sample_shape=Size()):
        p = self._event_shape[-1]
        noise = self._dist_chi2.rsample(sample_shape).sqrt()
        noise = noise.clamp(min=finfo(noise.dtype).eps).diag_embed(dim1=-2, dim2=-1)
        i, j = _strictly_lower_indices(p)
        noise[..., i, j] = randn(Size(sample_shape) + self._batch_shape + (p * (p - 1) // 2,), dtype=noise.dtype)
        chol = self._unbroadcasted_scale_tril @ noise
        return chol @ chol.transpose(-2, -1)

    def rsample(self, sample_shape=Size(), max_try_correction=None):
        """Samples that are singular in float arithmetic are redrawn, up to max_try_correction times."""
        max_try_correction = 10 if max_try_correction is None else max_try_correction
        sample_shape = Size(sample_shape)
        sample = self._bartlett_sampling(sample_shape)
        # PyTorch names this `is_singular` although it holds the positive-definite check
        is_singular = self.support.check(sample)
        if self._batch_shape:
            is_singular = is_singular.amax(self._batch_dims)
        if is_singular.any():
            warnings.warn("Singular sample detected.", stacklevel=2)
            for _ in range(max_try_correction):
                sample_new = self._bartlett_sampling(is_singular[is_singular].shape)
                sample[is_singular] = sample_new
                is_singular_new = ~self.support.check(sample_new)
                if self._batch_shape:
                    is_singular_new = is_singular_new.amax(self._batch_dims)
                is_singular[is_singular.clone()] = is_singular_new
                if not is_singular.any():
                    break
        return sample

    def _half_log_det_scale(self):
        p = self._event_shape[-1]
        return p * _LOG_2 / 2 + self._unbroadcasted_scale_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        nu, p = self.df, self._event_shape[-1]
        return (-nu * self._half_log_det_scale() - mvlgamma(nu / 2, p=p)
                + (nu - p - 1) / 2 * slogdet(value).logabsdet
                - cholesky_solve(value, self._unbroadcasted_scale_tril).diagonal(dim1=-2, dim2=-1).sum(dim=-1) / 2)

    def entropy(self):
        nu, p = self.df, self._event_shape[-1]
        return ((p + 1) * self._half_log_det_scale() + mvlgamma(nu / 2, p=p)
                - (nu - p - 1) / 2 * _mvdigamma(nu / 2, p=p) + nu * p / 2)

    @property
    def _natural_params(self):
        nu, p = self.df, self._event_shape[-1]
        return -self.precision_matrix / 2, (nu - p - 1) / 2

    def _log_normalizer(self, x, y):
        p = self._event_shape[-1]
        return (y + (p + 1) / 2) * (-slogdet(-2 * x).logabsdet + _LOG_2 * p) + mvlgamma(y + (p + 1) / 2, p=p)
