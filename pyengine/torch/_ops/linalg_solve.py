# Follows LAPACK (BSD-3); notices: licenses/lapack.txt
"""Square systems: linalg.inv, det, slogdet, solve (and torch.inverse, det, logdet).

LU factorisation with partial pivoting (LAPACK's getrf) computed in float64 and rounded once
to the dtype: float32 LAPACK rounds every step, so the last bit can differ from PyTorch's
(arith-parity.md §5); the derivative formulas are PyTorch's (derivatives.yaml).
"""
import math

from .._float32 import f32
from ..autograd.derivatives import aux_outputs, op
from ._helpers import from_values, type_name
from . import linalg as L, pointwise as P, shape as S


class _LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: a singular matrix (PyTorch's class is torch._C._LinAlgError)."""


_LinAlgError.__module__ = "torch._C"


def _check_square(A, name):
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if A._shape[-1] != A._shape[-2]:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are {A._shape[-2]} by "
                           f"{A._shape[-1]} matrices")
    if A.dtype.kind != "f":
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. Got "
                           f"{type_name(A.dtype)}")


def _matrices(A):
    n = A._shape[-1]
    flat = A._flat()
    return [[flat[k + i * n:k + (i + 1) * n] for i in range(n)] for k in range(0, len(flat), n * n)], n


def _lu(a, n):
    """Partial-pivoting LU of the rows ``a`` (changed in place): (pivot sign, first zero pivot
    (1-based) or 0)."""
    sign, singular = 1.0, 0
    for j in range(n):
        p = max(range(j, n), key=lambda i: abs(a[i][j]))
        if p != j:
            a[j], a[p] = a[p], a[j]
            sign = -sign
        if a[j][j] == 0:
            singular = singular or j + 1
            continue
        for i in range(j + 1, n):
            f = a[i][j] / a[j][j]
            a[i][j] = f
            for k in range(j + 1, n):
                a[i][k] -= f * a[j][k]
    return sign, singular


def _solve_rows(a, n, b):
    """A x = b for the LU-factored rows ``a`` (with the permutation applied to b already)."""
    x = list(b)
    for i in range(n):
        x[i] -= sum(a[i][k] * x[k] for k in range(i))
    for i in reversed(range(n)):
        x[i] = (x[i] - sum(a[i][k] * x[k] for k in range(i + 1, n))) / a[i][i]
    return x


def _factored(A, name, singular_message):
    mats, n = _matrices(A)
    out = []
    for m in mats:
        rows = [list(map(float, r)) for r in m]
        perm = [list(r) + [i] for i, r in enumerate(rows)]
        sign, singular = _lu(perm, n)
        if singular and singular_message:
            raise _LinAlgError(singular_message(singular))
        out.append(([r[:n] for r in perm], [int(r[n]) for r in perm], sign, singular))
    return out, n


def _rounding(dtype):
    return f32 if dtype.itemsize == 4 else float


def _getrf(a, m, n, r, tiny):
    """Factor the rows ``a`` (m x n, float values of the dtype) in place: (pivots, 1-based,
    and info: 0 or the first zero pivot's order, 1-based), LAPACK's conventions."""
    k = min(m, n)
    dividing_column = n - 2 if m == n <= 4 else -1
    pivots, info = [], 0
    for j in range(k):
        p = max(range(j, m), key=lambda i: abs(a[i][j]))  # the first of equal magnitudes
        pivots.append(p + 1)
        a[j], a[p] = a[p], a[j]
        d = a[j][j]
        if d == 0:
            info = info or j + 1
        elif j == dividing_column or abs(d) < tiny:
            for i in range(j + 1, m):
                a[i][j] = r(a[i][j] / d)
        else:
            inverse = r(1.0 / d)
            for i in range(j + 1, m):
                a[i][j] = r(a[i][j] * inverse)
        row = a[j]
        for i in range(j + 1, m):
            lower, target = a[i][j], a[i]
            for c in range(j + 1, n):
                target[c] = r(target[c] - r(lower * row[c]))
    return pivots, info


def _rounded(values, dtype):
    return [f32(v) for v in values] if dtype.itemsize == 4 else values


# ---- forward-mode (tangent) formulas, as PyTorch's FunctionsManual --------------------------

def _triangular_part(A_t, upper, unitriangular):
    """The part of A's tangent a triangular solve reads (not the unit diagonal)."""
    k = 1 if unitriangular else 0
    return A_t.triu(k) if upper else A_t.tril(-k)


def _cholesky_jvp(A_t, L):
    """dL = L phi(L^-1 dA L^-T): phi takes the lower triangle, its diagonal halved."""
    from .creation import eye
    L_inverse = _solve_triangular(L, eye(L._shape[-1], dtype=L.dtype).expand(L._shape), False, True, False)
    phi = (L_inverse @ A_t @ S.mT(L_inverse)).tril()
    phi = phi - phi.diagonal(0, -2, -1).diag_embed() * 0.5
    return L @ phi


@op("LinalgInvExBackward0", name="linalg_inv_ex", packs="inverse=result",
    result=lambda A_t, result: -(result @ (A_t @ result)), A=lambda grad, result: -S.mT(result) @ grad @ S.mT(result))
def _inv(A):
    factors, n = _factored(A, "linalg.inv", lambda k: f"linalg.inv: The diagonal element {k} is zero, the inversion "
                                                      "could not be completed because the input matrix is singular.")
    values = []
    for lu, perm, _, _ in factors:
        columns = []
        for j in range(n):
            e = [1.0 if perm[i] == j else 0.0 for i in range(n)]
            columns.append(_solve_rows(lu, n, e))
        values += [columns[j][i] for i in range(n) for j in range(n)]
    return from_values(_rounded(values, A.dtype), A._shape, A.dtype)


@op(name="linalg_inv", forms="torch.inverse Tensor.inverse")
def inv(A, *, out=None):
    _check_square(A, "linalg.inv")
    return _inv(A)


def _det_values(A):
    factors, n = _factored(A, "linalg.det", None)
    return [0.0 if singular else sign * math.prod(lu[i][i] for i in range(n)) for lu, _, sign, singular in factors]


def _lu_outputs(A, transposed=False):
    """The LU factors and pivots (linalg.lu_factor's) PyTorch's det, slogdet and solve compute by, and
    their nodes save (aux outputs: see aux_outputs): det's and slogdet's are A^T's, in LAPACK's
    column-major layout."""
    from .. import _dtype
    mats, n = _matrices(S.mT(A) if transposed else A)
    r, tiny = _rounding(A.dtype), _dtype.finfo(A.dtype).tiny
    values, pivots = [], []
    for m in mats:
        rows = [list(map(float, row)) for row in m]
        pivots += _getrf(rows, n, n, r, tiny)[0]
        values += [v for row in rows for v in row]
    LU = from_values(values, A._shape, A.dtype)
    return S.mT(S.mT(LU).contiguous()) if transposed else LU, from_values(pivots, A._shape[:-2] + (n,), _dtype.int32)


@op("LinalgDetBackward0", name="_linalg_det", aux="LU pivots", packs="A LU pivots result",
    result=lambda A_t, A, result: _solve(A, A_t, True).diagonal(0, -2, -1).sum(-1) * result,
    A=lambda grad, A, result: S.unsqueeze(S.unsqueeze(grad * result, -1), -1) * S.mT(inv(A)))
def _det(A):
    aux_outputs(lambda: _lu_outputs(A, True))
    return from_values(_rounded(_det_values(A), A.dtype), A._shape[:-2], A.dtype)


@op(name="det", forms="torch Tensor")
def det(A, *, out=None):
    _check_square(A, "linalg.det")
    return _det(A)


@op("LinalgSlogdetBackward0", name="_linalg_slogdet", aux="LU pivots", saves="result",
    packs="A LU pivots sign=result0",
    result=lambda A_t, A: (None, _solve(A, A_t, True).diagonal(0, -2, -1).sum(-1)),
    A=lambda grads, A: S.unsqueeze(S.unsqueeze(grads[1], -1), -1) * S.mT(inv(A)) if grads[1] is not None
    else A * 0)
def _slogdet(A):
    aux_outputs(lambda: _lu_outputs(A, True))
    dets = _det_values(A)
    signs = [math.copysign(1.0, d) if d else 0.0 for d in dets]
    logs = [math.log(abs(d)) if d else -math.inf for d in dets]
    shape = A._shape[:-2]
    return from_values(signs, shape, A.dtype), from_values(_rounded(logs, A.dtype), shape, A.dtype)


def slogdet(A, *, out=None):
    from ..return_types import linalg_slogdet
    _check_square(A, "linalg.slogdet")
    return linalg_slogdet(_slogdet(A))


@op(name="slogdet", forms="torch.slogdet Tensor.slogdet")
def slogdet_function(input, *, out=None):
    """torch.slogdet (torch.linalg.slogdet's twin, with its own result type)."""
    from ..return_types import slogdet as result
    _check_square(input, "linalg.slogdet")
    return result(_slogdet(input))


@op(name="logdet", forms="torch Tensor")
def logdet(input):
    _check_square(input, "logdet")
    sign, logabsdet = _slogdet(input)
    return P.where(sign == -1., math.nan, logabsdet)


def _solve_backward_B(grad, A, result):
    return solve(S.mT(A), grad)


def _solve_backward_A(grad, A, result):
    gB = solve(S.mT(A), grad)
    if result.dim() == 1 or (result.dim() == A.dim() - 1 and result._shape == A._shape[:-1]):  # B a vector
        return -L.outer(gB, result) if gB.dim() == 1 else -(S.unsqueeze(gB, -1) * S.unsqueeze(result, -2))
    return -(gB @ S.mT(result))


@op("LinalgSolveExBackward0", name="_linalg_solve_ex", aux="LU pivots", saves="left", packs="A LU pivots result",
    result=lambda A_t, B_t, A, left, result: _solve(A, B_t - (A_t @ result.unsqueeze(-1)).squeeze(-1) if result.dim() == A.dim() - 1 else B_t - A_t @ result, left),
    A=lambda grad, A, result: _solve_backward_A(grad, A, result),
    B=lambda grad, A, result: _solve_backward_B(grad, A, result))
def _solve(A, B, left):
    """A X = B (``left`` is True here: solve transposes for X A = B)."""
    aux_outputs(lambda: _lu_outputs(A))
    factors, n = _factored(A, "torch.linalg.solve",
                           lambda k: "torch.linalg.solve: The solver failed because the input matrix is singular.")
    vector = B.dim() == 1 or (B.dim() == A.dim() - 1 and B._shape == A._shape[:-1])
    rhs = B._flat()
    cols = 1 if vector else B._shape[-1]
    per = n * cols
    values = []
    for k, (lu, perm, _, _) in enumerate(factors):
        block = rhs[(k * per) % len(rhs):(k * per) % len(rhs) + per]
        solved = [_solve_rows(lu, n, [block[perm[i] * cols + c] for i in range(n)]) for c in range(cols)]
        values += [solved[c][i] for i in range(n) for c in range(cols)]
    shape = A._shape[:-1] if vector else A._shape[:-2] + (n, cols)
    return from_values(_rounded(values, A.dtype), shape, A.dtype)


def solve(A, B, *, left=True, out=None):
    _check_square(A, "linalg.solve")
    if A.dtype is not B.dtype:
        raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but found A of type "
                           f"{type_name(A.dtype)} and B of type {type_name(B.dtype)} instead")
    return _solve(A, B, True) if left else S.mT(_solve(S.mT(A), S.mT(B), True))


def _cholesky_rows(m, n):
    """The lower factor L of m = L L^T (float64), and 0 or the order of the first leading
    minor that is not positive-definite (LAPACK's potrf info)."""
    low = [[0.0] * n for _ in range(n)]
    for j in range(n):
        d = m[j][j] - sum(low[j][k] * low[j][k] for k in range(j))
        if not d > 0:
            return low, j + 1
        low[j][j] = math.sqrt(d)
        for i in range(j + 1, n):
            low[i][j] = (m[i][j] - sum(low[i][k] * low[j][k] for k in range(j))) / low[j][j]
    return low, 0


def cholesky_info(A):
    """linalg.cholesky_ex(A).info: per matrix, 0 or the order of the failing leading minor."""
    from .. import _dtype
    mats, n = _matrices(A)
    return from_values([_cholesky_rows([list(map(float, r)) for r in m], n)[1] for m in mats], A._shape[:-2],
                       _dtype.int32)


def _cholesky_backward(grad, result, upper):
    if upper:  # (the factor is L^T: its gradient is that of L, transposed)
        grad, result = S.mT(grad), S.mT(result)
    gA = S.mT(result).matmul(grad).tril()
    gA = 0.5 * (gA + S.mT(gA.tril(-1)))
    gA = solve_triangular(S.mT(result), gA, upper=True, left=True)
    return solve_triangular(result, gA, upper=False, left=False)


@op("LinalgCholeskyExBackward0", name="linalg_cholesky_ex", packs="L=result",
    result=lambda A_t, upper, result: S.mT(_cholesky_jvp(A_t, S.mT(result))) if upper else _cholesky_jvp(A_t, result),
    A=lambda grad, upper, result: _cholesky_backward(grad, result, upper))
def _cholesky(A, upper):
    """L of A = L L^H, or L^H if ``upper``."""
    mats, n = _matrices(A)
    values = []
    for m in mats:
        low, info = _cholesky_rows([list(map(float, r)) for r in m], n)
        if info:
            raise _LinAlgError(f"linalg.cholesky: The factorization could not be completed because the input is not "
                               f"positive-definite (the leading minor of order {info} is not positive-definite).")
        values += [low[j][i] if upper else low[i][j] for i in range(n) for j in range(n)]
    return from_values(_rounded(values, A.dtype), A._shape, A.dtype)


def cholesky(A, *, upper=False, out=None):
    _check_square(A, "linalg.cholesky")
    return _cholesky(A, upper)


def _triangular_backward(grad, A, upper, left, unitriangular, result, wants_A):
    gB = solve_triangular(S.mT(A), grad, upper=not upper, left=left, unitriangular=unitriangular)
    if not wants_A:
        return gB
    gA = -(gB @ S.mT(result)) if left else -(S.mT(result) @ gB)
    return gA.triu(int(unitriangular)) if upper else gA.tril(-int(unitriangular))


# (A is ``self``, as ATen names it: the node shows it so)
@op("LinalgSolveTriangularBackward0", name="linalg_solve_triangular",
    result=lambda self_t, B_t, self, upper, left, unitriangular, result: _solve_triangular(self, B_t - _triangular_part(self_t, upper, unitriangular) @ result if left else B_t - result @ _triangular_part(self_t, upper, unitriangular), upper, left, unitriangular),
    self=lambda grad, self, upper, left, unitriangular, result:
        _triangular_backward(grad, self, upper, left, unitriangular, result, True),
    B=lambda grad, self, upper, left, unitriangular, result:
        _triangular_backward(grad, self, upper, left, unitriangular, result, False))
def _solve_triangular(self, B, upper, left, unitriangular):
    A = self
    if not left:  # X A = B  <=>  A^T X^T = B^T
        return S.mT(_solve_triangular.forward(S.mT(A), S.mT(B), not upper, True, unitriangular))
    from ._helpers import broadcast_shapes
    n, k = A._shape[-1], B._shape[-1]
    batch = broadcast_shapes(A._shape[:-2], B._shape[:-2])
    a_rows, _ = _matrices(A.expand(batch + (n, n)))
    rhs = B.expand(batch + (n, k))._flat()
    values = []
    order = range(n - 1, -1, -1) if upper else range(n)
    for b, a in enumerate(a_rows):
        block = rhs[b * n * k:(b + 1) * n * k]
        x = [[0.0] * k for _ in range(n)]
        for c in range(k):
            for i in order:
                known = range(i + 1, n) if upper else range(i)
                s = float(block[i * k + c]) - sum(float(a[i][j]) * x[j][c] for j in known)
                x[i][c] = s if unitriangular else s / float(a[i][i])
        values += [v for row in x for v in row]
    return from_values(_rounded(values, A.dtype), batch + (n, k), A.dtype)


def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    if A.dtype is not B.dtype:
        raise RuntimeError(f"linalg.solve_triangular: Expected A and B to have the same dtype, but found A of type "
                           f"{type_name(A.dtype)} and B of type {type_name(B.dtype)} instead")
    return _solve_triangular(A, B, upper, left, unitriangular)
