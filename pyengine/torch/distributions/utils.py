"""Helpers shared by the distributions (torch/distributions/utils.py in PyTorch)."""
import numbers

from .._dtype import float16, float32, float64, get_default_dtype
from .._ops.creation import arange, tensor
from .._size import Size
from .._ops.pointwise import log, log1p, sigmoid
from .._ops.shape import broadcast_tensors
from .._tensor import Tensor
from ..nn.functional import softmax

_EPS = {float32: 1.1920928955078125e-07, float64: 2.220446049250313e-16,
        float16: 0.0009765625}


def broadcast_all(*values):
    """Numbers become tensors of the default dtype (or of the tensors' dtype); all are broadcast."""
    if not all(isinstance(v, (Tensor, numbers.Number)) for v in values):
        raise ValueError("Input arguments must all be instances of numbers.Number, torch.Tensor or objects "
                         "implementing __torch_function__.")
    dtype = next((v.dtype for v in values if isinstance(v, Tensor)), get_default_dtype())
    tensors = [v if isinstance(v, Tensor) else tensor(v, dtype=dtype) for v in values]
    return broadcast_tensors(*tensors)


def clamp_probs(probs):
    eps = _EPS[probs.dtype]
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return log(ps_clamped) - log1p(-ps_clamped)
    return log(ps_clamped)


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return sigmoid(logits)
    return softmax(logits, dim=-1)


def probs_or_logits(is_binary=False):
    """A distribution's ``__getattr__`` for the parametrisation (probs or logits) it was not built
    with: computed when first asked for, then kept (PyTorch's lazy_property)."""
    def __getattr__(self, name):
        if name == "probs":
            self.probs = logits_to_probs(self.logits, is_binary=is_binary)
            return self.probs
        if name == "logits":
            self.logits = probs_to_logits(self.probs, is_binary=is_binary)
            return self.logits
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
    return __getattr__


euler_constant = 0.57721566490153286060  # Euler-Mascheroni constant


def _sum_rightmost(value, dim):
    """Sum out the `dim` rightmost dimensions (a distribution's event dims)."""
    if dim == 0:
        return value
    return value.reshape(value.shape[:-dim] + (-1,)).sum(-1)


def _tril_mask(n, diag):
    rows = arange(n)
    return rows < rows.view(-1, 1) + (diag + 1)


def tril_matrix_to_vec(mat, diag=0):
    """The entries of mat on and below its diag-th diagonal, row by row, as a vector."""
    n = mat.shape[-1]
    if diag < -n or diag >= n:
        raise ValueError(f"diag ({diag}) provided is outside [{-n}, {n - 1}].")
    return mat[..., _tril_mask(n, diag)]


def vec_to_tril_matrix(vec, diag=0):
    """The inverse of tril_matrix_to_vec: a square matrix, zero above its diag-th diagonal."""
    # n solves n * (n + 1) / 2 + n * diag + diag * (diag + 1) / 2 * sign = vec.shape[-1]
    n = (-(1 + 2 * diag) + ((1 + 2 * diag) ** 2 + 8 * vec.shape[-1] + 4 * abs(diag) * (diag + 1)) ** 0.5) / 2
    if round(n) - n > _EPS[vec.dtype]:
        raise ValueError(f"The size of last dimension is {vec.shape[-1]} which cannot be expressed as "
                         "the lower triangular part of a square D x D matrix.")
    n = round(n)
    mat = vec.new_zeros(vec.shape[:-1] + (n, n))
    mat[..., _tril_mask(n, diag)] = vec
    return mat


def _enumerated(values, batch_shape, expand):
    """A discrete support's values along a new leading dim, before the batch dims (expanded over
    them, or of size 1 there)."""
    values = values.view((-1,) + (1,) * len(batch_shape))
    return values.expand((-1,) + tuple(batch_shape)) if expand else values


def _set_probs_or_logits(dist, probs, logits):
    """Sets dist.probs or dist.logits, whichever is given (a number becomes a tensor), and
    dist._param to it; returns the batch shape (empty for a number)."""
    if (probs is None) == (logits is None):
        raise ValueError("Either `probs` or `logits` must be specified, but not both.")
    given = probs if probs is not None else logits
    (dist._param,) = broadcast_all(given)
    setattr(dist, "probs" if probs is not None else "logits", dist._param)
    return Size() if isinstance(given, numbers.Number) else dist._param.size()
