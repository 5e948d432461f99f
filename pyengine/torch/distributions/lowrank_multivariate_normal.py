import math

from .._ops.creation import empty
from .._ops.joining import diag_embed
from .._ops.linalg import matmul
from .._ops.shape import broadcast_tensors
from .._size import Size
from ..linalg import cholesky, solve_triangular
from . import constraints
from .distribution import _CenteredAtLoc
from .multivariate_normal import _batch_mahalanobis, _batch_mv


def _add_to_diagonal(K):
    """K + I, written into K's diagonal in place (as PyTorch's strided view does)."""
    n = K.size(-1)
    K.view(-1, n * n)[:, ::n + 1] += 1
    return K


def _batch_capacitance_tril(W, D):
    """The Cholesky factor of the capacitance matrix I + W^T D^-1 W."""
    Wt_Dinv = W.mT / D.unsqueeze(-2)
    return cholesky(_add_to_diagonal(matmul(Wt_Dinv, W).contiguous()))


def _batch_lowrank_logdet(W, D, capacitance_tril):
    """log det(W W^T + D) by the matrix determinant lemma."""
    return 2 * capacitance_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1) + D.log().sum(-1)


def _batch_lowrank_mahalanobis(W, D, x, capacitance_tril):
    """x^T (W W^T + D)^-1 x by the Woodbury identity."""
    Wt_Dinv = W.mT / D.unsqueeze(-2)
    Wt_Dinv_x = _batch_mv(Wt_Dinv, x)
    mahalanobis_term1 = (x.pow(2) / D).sum(-1)
    return mahalanobis_term1 - _batch_mahalanobis(capacitance_tril, Wt_Dinv_x)


class LowRankMultivariateNormal(_CenteredAtLoc):
    """A multivariate normal with covariance cov_factor @ cov_factor.T + diag(cov_diag): rsample()
    is loc + W @ eps_W + sqrt(D) * eps_D, eps_W drawn first."""
    arg_constraints = {"loc": constraints.real_vector, "cov_factor": constraints.independent(constraints.real, 2),
                       "cov_diag": constraints.independent(constraints.positive, 1)}
    support = constraints.real_vector
    has_rsample = True

    def __init__(self, loc, cov_factor, cov_diag, validate_args=None):
        if loc.dim() < 1:
            raise ValueError("loc must be at least one-dimensional.")
        event_shape = loc.shape[-1:]
        if cov_factor.dim() < 2:
            raise ValueError("cov_factor must be at least two-dimensional, with optional leading batch dimensions")
        if cov_factor.shape[-2:-1] != event_shape:
            raise ValueError(f"cov_factor must be a batch of matrices with shape {event_shape[0]} x m")
        if cov_diag.shape[-1:] != event_shape:
            raise ValueError(f"cov_diag must be a batch of vectors with shape {event_shape}")
        try:
            loc_, self.cov_factor, cov_diag_ = broadcast_tensors(loc.unsqueeze(-1), cov_factor, cov_diag.unsqueeze(-1))
        except RuntimeError as e:
            raise ValueError(f"Incompatible batch shapes: loc {loc.shape}, cov_factor {cov_factor.shape}, "
                             f"cov_diag {cov_diag.shape}") from e
        self.loc, self.cov_diag = loc_[..., 0], cov_diag_[..., 0]
        self._unbroadcasted_cov_factor, self._unbroadcasted_cov_diag = cov_factor, cov_diag
        self._capacitance_tril = _batch_capacitance_tril(cov_factor, cov_diag)
        super().__init__(self.loc.shape[:-1], event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._expand_params(LowRankMultivariateNormal, batch_shape, _instance, ("loc", "cov_diag", "cov_factor"))
        for name in ("_unbroadcasted_cov_factor", "_unbroadcasted_cov_diag", "_capacitance_tril"):
            setattr(new, name, getattr(self, name))
        return new

    def _matrix_shape(self):
        return self._batch_shape + self._event_shape + self._event_shape

    @property
    def variance(self):
        W, D = self._unbroadcasted_cov_factor, self._unbroadcasted_cov_diag
        return (W.pow(2).sum(-1) + D).expand(self._batch_shape + self._event_shape)

    @property
    def scale_tril(self):
        cov_diag_sqrt_unsqueeze = self._unbroadcasted_cov_diag.sqrt().unsqueeze(-1)
        Dinvsqrt_W = self._unbroadcasted_cov_factor / cov_diag_sqrt_unsqueeze
        K = _add_to_diagonal(matmul(Dinvsqrt_W, Dinvsqrt_W.mT).contiguous())
        return (cov_diag_sqrt_unsqueeze * cholesky(K)).expand(self._matrix_shape())

    @property
    def covariance_matrix(self):
        W = self._unbroadcasted_cov_factor
        return (matmul(W, W.mT) + diag_embed(self._unbroadcasted_cov_diag)).expand(self._matrix_shape())

    @property
    def precision_matrix(self):
        D = self._unbroadcasted_cov_diag
        A = solve_triangular(self._capacitance_tril, self._unbroadcasted_cov_factor.mT / D.unsqueeze(-2), upper=False)
        return (diag_embed(D.reciprocal()) - A.mT @ A).expand(self._matrix_shape())

    def rsample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        W_shape = shape[:-1] + self.cov_factor.shape[-1:]
        eps_W = empty(W_shape, dtype=self.loc.dtype).normal_()
        eps_D = empty(shape, dtype=self.loc.dtype).normal_()
        return (self.loc + _batch_mv(self._unbroadcasted_cov_factor, eps_W)
                + self._unbroadcasted_cov_diag.sqrt() * eps_D)

    def _log_det(self):
        return _batch_lowrank_logdet(self._unbroadcasted_cov_factor, self._unbroadcasted_cov_diag,
                                     self._capacitance_tril)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        diff = value - self.loc
        M = _batch_lowrank_mahalanobis(self._unbroadcasted_cov_factor, self._unbroadcasted_cov_diag, diff,
                                       self._capacitance_tril)
        return -0.5 * (self._event_shape[0] * math.log(2 * math.pi) + self._log_det() + M)

    def entropy(self):
        H = 0.5 * (self._event_shape[0] * (1.0 + math.log(2 * math.pi)) + self._log_det())
        return H if len(self._batch_shape) == 0 else H.expand(self._batch_shape)
