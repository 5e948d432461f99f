"""torch.linalg: vector and matrix norms, products, square systems."""
from ._ops.reduction import norm as _norm
from ._ops.linalg import matmul, cross as _cross
from ._ops.linalg_solve import inv, det, slogdet, solve, _LinAlgError as LinAlgError


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    return _norm(x, ord, dim, keepdim)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    if ord is None or dim is not None and not isinstance(dim, int) and len(dim) == 2 and ord == "fro":
        return _norm(A, 2, dim, keepdim)
    if isinstance(dim, int) or A.dim() == 1:
        return _norm(A, ord, dim, keepdim)
    raise NotImplementedError("torch.linalg.norm: only vector norms and the Frobenius norm are supported")


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False):
    if ord != "fro":
        raise NotImplementedError("torch.linalg.matrix_norm: only ord='fro' is supported")
    return _norm(A, 2, dim, keepdim)


def cross(input, other, *, dim=-1, out=None):
    return _cross(input, other, dim)


def vecdot(x, y, *, dim=-1, out=None):
    """The dot product along ``dim`` (PyTorch's composite: (x * y).sum(dim))."""
    return (x * y).sum(dim)


__all__ = ["vector_norm", "norm", "matrix_norm", "matmul", "cross", "inv", "det", "slogdet", "solve", "vecdot",
           "LinAlgError"]
