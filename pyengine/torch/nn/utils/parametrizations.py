"""torch.nn.utils.parametrizations: orthogonal, weight_norm and spectral_norm as parametrizations
(``module.parametrizations.weight``), recomputed on every access of the weight."""
from enum import Enum, auto

from ..._dtype import finfo
from ..._ops.creation import eye, zeros_like
from ..._ops.joining import cat
from ..._ops.linalg import mv
from ..._ops.linalg_decompositions import matrix_exp, qr
from ..._ops.linalg_householder import geqrf, householder_product
from ..._ops.linalg_solve import solve
from ..._ops.pointwise import add, allclose
from ..._random_ops import randn
from ..._tensor import Tensor
from ..._ops.decompositions import vdot
from ...autograd.grad_mode import no_grad
from .. import functional as F
from .._torch_forms import _weight_norm, norm_except_dim
from ..modules.conv import ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from ..modules.module import Module
from . import parametrize

__all__ = ["orthogonal", "weight_norm", "spectral_norm"]


def _is_orthogonal(Q):
    n, k = Q.size(-2), Q.size(-1)
    return allclose(Q.mH @ Q, eye(k, dtype=Q.dtype), atol=10.0 * n * finfo(Q.dtype).eps)


def _make_orthogonal(A):
    """The Q of A's QR decomposition, its columns' signs made those of R's diagonal (so Q is unique)."""
    Q, R = qr(A)
    return Q * R.diagonal(dim1=-2, dim2=-1).sgn().unsqueeze(-2)


class _OrthMaps(Enum):
    matrix_exp = auto()
    cayley = auto()
    householder = auto()


class _Orthogonal(Module):
    def __init__(self, weight, orthogonal_map, *, use_trivialization=True):
        super().__init__()
        self.shape = weight.shape
        self.orthogonal_map = orthogonal_map
        if use_trivialization:
            self.register_buffer("base", None)

    def forward(self, X):
        n, k = X.size(-2), X.size(-1)
        transposed = n < k
        if transposed:
            X = X.mT
            n, k = k, n
        if self.orthogonal_map in (_OrthMaps.matrix_exp, _OrthMaps.cayley):
            X = X.tril()
            if n != k:
                X = cat([X, X.new_zeros(n, n - k).expand(*X.shape[:-2], -1, -1)], dim=-1)
            A = X - X.mH
            if self.orthogonal_map == _OrthMaps.matrix_exp:
                Q = matrix_exp(A)
            else:
                Id = eye(n, dtype=A.dtype)
                Q = solve(add(Id, A, alpha=-0.5), add(Id, A, alpha=0.5))
            if n != k:
                Q = Q[..., :k]
        else:
            A = X.tril(diagonal=-1)
            tau = 2.0 / (1.0 + (A * A).sum(dim=-2))
            Q = householder_product(A, tau)
            Q = Q * X.diagonal(dim1=-2, dim2=-1).int().unsqueeze(-2)
        if hasattr(self, "base"):
            Q = self.base @ Q
        return Q.mT if transposed else Q

    def right_inverse(self, Q):
        with no_grad():
            if Q.shape != self.shape:
                raise ValueError(f"Expected a matrix or batch of matrices of shape {self.shape}. "
                                 f"Got a tensor of shape {Q.shape}.")
            Q_init = Q
            n, k = Q.size(-2), Q.size(-1)
            transposed = n < k
            if transposed:
                Q = Q.mT
                n, k = k, n
            if not hasattr(self, "base"):
                if self.orthogonal_map in (_OrthMaps.cayley, _OrthMaps.matrix_exp):
                    raise NotImplementedError("It is not possible to assign to the matrix exponential or the "
                                              "Cayley parametrizations when use_trivialization=False.")
                # Householder: the reflectors of Q's QR decomposition, with diag(R) > 0 (so -Q @ -Id is not
                # another answer); where LAPACK made no reflection (tau == 0) the sign flips back.
                A, tau = geqrf(Q)
                A.diagonal(dim1=-2, dim2=-1).sign_()
                A.diagonal(dim1=-2, dim2=-1)[tau == 0.0] *= -1
                return A.mT if transposed else A
            if n == k:
                Q = Q.clone() if _is_orthogonal(Q) else _make_orthogonal(Q)
            else:  # completed to a square matrix by random columns, as PyTorch does
                Q = _make_orthogonal(cat([Q, randn(*(tuple(Q.shape[:-2]) + (n, n - k)), dtype=Q.dtype)], dim=-1))
            self.base = Q
            neg_Id = zeros_like(Q_init)
            neg_Id.diagonal(dim1=-2, dim2=-1).fill_(-1.0)
            return neg_Id


def orthogonal(module, name="weight", orthogonal_map=None, *, use_trivialization=True):
    """The weight kept orthogonal (or unitary): Q = base @ map(X), map being the matrix exponential,
    the Cayley map or a product of Householder reflections of the parametrized X."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if weight.ndim < 2:
        raise ValueError(f"Expected a matrix or batch of matrices. Got a tensor of {weight.ndim} dimensions.")
    if orthogonal_map is None:
        orthogonal_map = "matrix_exp" if weight.size(-2) == weight.size(-1) else "householder"
    orth_enum = getattr(_OrthMaps, orthogonal_map, None)
    if orth_enum is None:
        raise ValueError('orthogonal_map has to be one of "matrix_exp", "cayley", "householder". '
                         f"Got: {orthogonal_map}")
    parametrize.register_parametrization(module, name, _Orthogonal(weight, orth_enum,
                                                                   use_trivialization=use_trivialization),
                                         unsafe=True)
    return module


class _WeightNorm(Module):
    def __init__(self, dim=0):
        super().__init__()
        self.dim = -1 if dim is None else dim

    def forward(self, weight_g, weight_v):
        return _weight_norm(weight_v, weight_g, self.dim)

    def right_inverse(self, weight):
        return norm_except_dim(weight, 2, self.dim), weight


def weight_norm(module, name="weight", dim=0):
    """w = g * v / ||v||: ``parametrizations.<name>.original0`` is g, ``original1`` is v."""
    parametrize.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
    return module


class _SpectralNorm(Module):
    def __init__(self, weight, n_power_iterations=1, dim=0, eps=1e-12):
        super().__init__()
        ndim = weight.ndim
        if dim >= ndim or dim < -ndim:
            raise IndexError("Dimension out of range (expected to be in range of "
                             f"[-{ndim}, {ndim - 1}] but got {dim})")
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but "
                             f"got n_power_iterations={n_power_iterations}")
        self.dim = dim if dim >= 0 else dim + ndim
        self.eps = eps
        if ndim > 1:
            self.n_power_iterations = n_power_iterations
            weight_mat = self._reshape_weight_to_matrix(weight)
            h, w = weight_mat.size()
            u = weight_mat.new_empty(h).normal_(0, 1)
            v = weight_mat.new_empty(w).normal_(0, 1)
            self.register_buffer("_u", F.normalize(u, dim=0, eps=self.eps))
            self.register_buffer("_v", F.normalize(v, dim=0, eps=self.eps))
            self._power_method(weight_mat, 15)  # start from a good estimate

    def _reshape_weight_to_matrix(self, weight):
        if self.dim != 0:
            weight = weight.permute(self.dim, *(d for d in range(weight.dim()) if d != self.dim))
        return weight.flatten(1)

    def _power_method(self, weight_mat, n_power_iterations):
        """u and v updated in place (F.normalize(..., out=) in PyTorch), without history."""
        with no_grad():
            for _ in range(n_power_iterations):
                self._u.copy_(F.normalize(mv(weight_mat, self._v), dim=0, eps=self.eps))
                self._v.copy_(F.normalize(mv(weight_mat.t(), self._u), dim=0, eps=self.eps))

    def forward(self, weight):
        if weight.ndim == 1:
            return F.normalize(weight, dim=0, eps=self.eps)
        weight_mat = self._reshape_weight_to_matrix(weight)
        if self.training:
            self._power_method(weight_mat, self.n_power_iterations)
        sigma = vdot(self._u.clone(), mv(weight_mat, self._v.clone()))
        return weight / sigma

    def right_inverse(self, value):
        return value


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if dim is None:
        dim = 1 if isinstance(module, (ConvTranspose1d, ConvTranspose2d, ConvTranspose3d)) else 0
    parametrize.register_parametrization(module, name, _SpectralNorm(weight, n_power_iterations, dim, eps))
    return module
