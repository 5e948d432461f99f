"""torch.linalg: vector and matrix norms, products, square systems, decompositions."""
from ._ops.reduction import norm as _norm
from ._ops.linalg import matmul, cross as _cross
from ._ops.linalg_solve import (inv, det, slogdet, solve, cholesky, solve_triangular, cholesky_info as _cholesky_info,
                                 _LinAlgError as LinAlgError)
from ._ops.linalg_decompositions import (qr, eigh, eigvalsh, svd, svdvals, pinv, matrix_rank, lstsq, matrix_power,
                                          matrix_exp, matrix_norm, cond, solve_ex, tensorinv, tensorsolve)
from ._ops.decompositions import multi_dot, linalg_diagonal as diagonal, linalg_vander as vander
from ._ops.linalg_lu import (lu_factor, lu_factor_ex, linalg_lu as lu, linalg_lu_solve as lu_solve, ldl_factor,
                             ldl_factor_ex, ldl_solve)
from ._ops.linalg_householder import householder_product
from .return_types import linalg_cholesky_ex as _CholeskyEx, linalg_inv_ex as _InvEx


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    return _norm(x, ord, dim, keepdim)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """A vector norm, or a matrix norm when ``dim`` is a 2-tuple (or A is a matrix and ``ord``
    is given without ``dim``)."""
    if isinstance(dim, int):
        dim = (dim,)
    if isinstance(ord, str) or dim is not None and len(dim) == 2 or dim is None and ord is not None and A.dim() == 2:
        return matrix_norm(A, "fro" if ord is None else ord, (-2, -1) if dim is None else dim, keepdim)
    return _norm(A, 2 if ord is None else ord, dim, keepdim)


def cross(input, other, *, dim=-1):
    return _cross(input, other, dim)


def vecdot(x, y, *, dim=-1):
    """The dot product along ``dim`` (PyTorch's composite: (x * y).sum(dim))."""
    return (x * y).sum(dim)


def cholesky_ex(A, *, upper=False, check_errors=False):
    """(L, info): info 0, or the order of the first leading minor that is not positive-definite
    (then L is zeros here; LAPACK leaves a partial factor)."""
    info = _cholesky_info(A)
    if check_errors or not bool(info.any()):
        return _CholeskyEx((cholesky(A, upper=upper), info))
    return _CholeskyEx((A.tril() * 0, info))


def inv_ex(A, *, check_errors=False):
    """(inverse, info): a singular matrix raises, so info is always 0."""
    from ._ops.creation import zeros
    from ._dtype import int32
    return _InvEx((inv(A), zeros(A.shape[:-2], dtype=int32)))


def __getattr__(name):
    if name in ("eig", "eigvals"):  # their results are complex even for a real matrix
        raise AttributeError(f"torch.linalg.{name} is not supported (complex numbers): this engine's tensors are "
                             "real; for a symmetric matrix, torch.linalg.eigh and eigvalsh give real results")
    raise AttributeError(f"module 'torch.linalg' has no attribute '{name}'")


def _out_variants():
    """out= (a tensor, or a tuple for tuple results) as PyTorch's out variants take it, named after
    the ATen op that out='s autograd error names (None: a composite that copies its result into out)."""
    from ._arg_parser import with_keyword_parity
    aten_names = {
        "cholesky": "linalg_cholesky_ex", "cholesky_ex": "linalg_cholesky_ex", "cond": None, "cross": "linalg_cross",
        "det": "_linalg_det", "eigh": "_linalg_eigh", "eigvalsh": "_linalg_eigh", "householder_product":
        "linalg_householder_product", "inv": "linalg_inv_ex", "inv_ex": "linalg_inv_ex", "ldl_factor": None,
        "ldl_factor_ex": None, "ldl_solve": "linalg_ldl_solve", "lu": "linalg_lu", "lu_factor": "linalg_lu_factor_ex",
        "lu_factor_ex": "linalg_lu_factor_ex", "lu_solve": "linalg_lu_solve", "matmul": "matmul", "matrix_norm": None,
        "matrix_power": "matmul", "matrix_rank": None, "multi_dot": "mm", "norm": None, "pinv": "linalg_pinv",
        "qr": "linalg_qr", "slogdet": "_linalg_slogdet", "solve": "_linalg_solve_ex", "solve_ex": "_linalg_solve_ex",
        "solve_triangular": "linalg_solve_triangular", "svd": "_linalg_svd", "svdvals": "_linalg_svd",
        "tensorinv": None, "tensorsolve": None, "vecdot": "sum", "vector_norm": "linalg_vector_norm"}
    for name, aten in aten_names.items():
        fn = globals()[name]
        globals()[name] = with_keyword_parity(getattr(fn, "__wrapped__", fn), aten or f"linalg_{name}", takes_out=True,
                                              graph_error=aten is not None)


_out_variants()

__all__ = ["vector_norm", "norm", "matrix_norm", "matmul", "cross", "inv", "inv_ex", "det", "slogdet", "solve",
           "cholesky", "cholesky_ex", "solve_triangular", "vecdot", "LinAlgError", "qr", "eigh", "eigvalsh", "svd",
           "svdvals", "pinv", "matrix_rank", "lstsq", "matrix_power", "matrix_exp", "multi_dot", "diagonal", "vander",
           "cond", "solve_ex", "tensorinv", "tensorsolve", "lu_factor", "lu_factor_ex", "lu", "lu_solve",
           "householder_product", "ldl_factor", "ldl_factor_ex", "ldl_solve"]
