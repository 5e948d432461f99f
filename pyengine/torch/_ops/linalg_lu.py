# Follows LAPACK (BSD-3); notices: licenses/lapack.txt
"""The LU family: linalg.lu_factor(_ex), linalg.lu, linalg.lu_solve, torch.lu_unpack and the
legacy torch.lu / torch.lu_solve; and symmetric LDL^T: linalg.ldl_factor(_ex), ldl_solve.

The factorisation is LAPACK's getrf (partial pivoting: the first row of largest magnitude),
each step rounded to the dtype as MKL's CPU kernel does, so LU and the pivots are PyTorch's
bits: a column is scaled by the reciprocal of its pivot, except the next-to-last column of a
square matrix of order <= 4 (MKL's small-matrix kernel divides there); the trailing update
rounds the product, then the difference (no fused multiply-add). Measured against torch 2.13
on random float32/float64 matrices from 1x3 to 12x12 (all equal). lu_solve's triangular
solves round each step too, in reference LAPACK's order; MKL's trsm kernels group the sums
differently by size, so solutions can differ in the last bit (6 significant digits). The
derivative formulas are PyTorch's (FunctionsManual.cpp: linalg_lu_backward,
lu_factor_ex_backward, lu_unpack_backward, linalg_lu_solve_LU).

LDL^T is LAPACK's sytf2 (Bunch-Kaufman pivoting with 1x1 and 2x2 blocks, the lower
triangle), its solve sytrs; each step rounded to the dtype. PyTorch defines no derivative for
either (their node is NotImplemented).
"""
import math

from .. import _dtype, return_types
from .._process import warn_once
from ..autograd.derivatives import op
from ._helpers import broadcast_shapes, from_values, type_name
from .creation import zeros
from .joining import cat
from .pointwise import _no_derivative as no_aten_derivative
from .linalg_decompositions import _float_matrices
from .linalg_solve import _check_square, _getrf, _rounding, solve_triangular
from . import shape as S


def _check_lu_input(A, name):
    if A.dim() < 2:
        raise RuntimeError(f"{name}: Expected tensor with 2 or more dimensions. Got size: {list(A._shape)} instead")
    if A.dtype.kind != "f":
        raise NotImplementedError(f'"lu_cpu" not implemented for \'{type_name(A.dtype).capitalize()}\'')


def _no_pivot_error():
    return RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")


def _lu_factor_ex_backward(grad, LU, pivots):
    P, L, U = lu_unpack(LU, pivots)
    k = min(LU._shape[-2], LU._shape[-1])
    return _lu_backward(grad.narrow(-1, 0, k), grad.narrow(-2, 0, k), P, L, U)


def _lu_factor_ex_jvp(A_t, LU, pivots):
    """lu_factor_ex_jvp: linalg.lu's tangents of L and U, packed as LU is."""
    dL, dU = _lu_jvp(A_t, *_lu_unpack(LU, pivots, True, True))
    m, n = A_t._shape[-2], A_t._shape[-1]
    if m == n:
        return dL + dU
    if m > n:
        return cat([dL.narrow(-2, 0, n) + dU, dL.narrow(-2, n, m - n)], -2)
    return cat([dU.narrow(-1, 0, m) + dL, dU.narrow(-1, m, n - m)], -1)


# (``pivot`` is always True here: without pivoting raises before; the nodes keep it)
@op("LinalgLuFactorExBackward0", name="linalg_lu_factor_ex", packs="LU=result0 pivots=result1", saves="pivot",
    result=lambda A_t, result: (_lu_factor_ex_jvp(A_t, result[0], result[1]), None, None),
    A=lambda grads, result: _lu_factor_ex_backward(grads[0], result[0], result[1]))
def _lu_factor_ex(A, pivot):
    m, n = A._shape[-2], A._shape[-1]
    r = _rounding(A.dtype)
    tiny = _dtype.finfo(A.dtype).tiny
    values, pivots, infos = [], [], []
    for a in _float_matrices(A):
        p, info = _getrf(a, m, n, r, tiny)
        values += [v for row in a for v in row]
        pivots += p
        infos.append(info)
    batch = A._shape[:-2]
    return (from_values(values, A._shape, A.dtype), from_values(pivots, batch + (min(m, n),), _dtype.int32),
            from_values(infos, batch, _dtype.int32))


def lu_factor_ex(A, *, pivot=True, check_errors=False, out=None):
    _check_lu_input(A, "torch.lu_factor_ex")
    if not pivot:
        raise _no_pivot_error()
    LU, pivots, info = _lu_factor_ex(A, True)
    if check_errors:
        _raise_for_info(info, "torch.linalg.lu_factor_ex")
    return return_types.linalg_lu_factor_ex((LU, pivots, info))


def _raise_for_info(info, name):
    _linalg_check_errors(info, name, info.dim() == 0)


@op(name="_linalg_check_errors")
def _linalg_check_errors(info, api_name, is_matrix):
    """PyTorch's check of a factorization's info codes (under vmap: of the whole batch, see batch_rules)."""
    for b, k in enumerate(info.reshape(-1).tolist()):
        if k:
            where = "" if is_matrix else f"(Batch element {b}): "
            raise RuntimeError(f"{api_name}: {where}U[{k},{k}] is zero and using it on lu_solve would result in a division "
                               "by zero. If you still want to perform the factorization, consider calling "
                               "linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)")


def lu_factor(A, *, pivot=True, out=None):
    _check_lu_input(A, "torch.lu_factor")
    if not pivot:
        raise _no_pivot_error()
    LU, pivots, info = _lu_factor_ex(A, True)
    _raise_for_info(info, "torch.linalg.lu_factor")
    return return_types.linalg_lu_factor((LU, pivots))


@op(name="lu", forms="torch Tensor")
def lu(A, pivot=True, get_infos=False, *, out=None):
    """torch.lu (deprecated): (LU, pivots), or with get_infos (LU, pivots, infos)."""
    warn_once("torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and will be "
              "removed in a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\nshould be replaced "
              "with\nLU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, pivots, info = torch.lu(A, "
              "compute_pivots, get_infos=True)\nshould be replaced with\nLU, pivots, info = "
              "torch.linalg.lu_factor_ex(A, compute_pivots) (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2073.)")
    _check_lu_input(A, "torch.lu_factor_ex")
    if not pivot:
        raise _no_pivot_error()
    LU, pivots, info = _lu_factor_ex(A, True)
    if not get_infos:
        _raise_for_info(info, "torch.linalg.lu_factor_ex")
        return LU, pivots
    return LU, pivots, info


# ---- unpacking: P, L, U from the packed factors ---------------------------------------------

def _permutation_values(pivots, m):
    """P (m x m, row-major) with A = P L U for the LAPACK row swaps ``pivots``."""
    order = list(range(m))
    for i, p in enumerate(pivots):
        order[i], order[p - 1] = order[p - 1], order[i]
    values = [0.0] * (m * m)
    for i, row in enumerate(order):
        values[row * m + i] = 1.0
    return values


def _permutations(pivots, m, dtype):
    batch = pivots._shape[:-1]
    k = pivots._shape[-1]
    flat = [int(v) for v in pivots._flat()]
    values = [v for b in range(math.prod(batch)) for v in _permutation_values(flat[b * k:(b + 1) * k], m)]
    return from_values(values, batch + (m, m), dtype)


def _lu_unpack_backward(grads, m, n):
    gL, gU = grads[1], grads[2]
    k = min(m, n)
    parts_L = gL.tril(-1) if gL is not None else None
    parts_U = gU.triu() if gU is not None else None
    if m == n:
        return parts_L + parts_U if gL is not None and gU is not None else parts_L if gL is not None else parts_U
    if gL is not None and gU is not None:
        head = parts_L.narrow(-2, 0, k) + parts_U.narrow(-1, 0, k)
        return cat([head, gL.narrow(-2, k, m - k)], -2) if m > n else cat([head, gU.narrow(-1, k, n - k)], -1)
    if gL is not None:  # m x k: a wide A's extra columns get nothing
        return parts_L if m >= n else cat([parts_L, zeros(gL._shape[:-1] + (n - m,), dtype=gL.dtype)], -1)
    return parts_U if n >= m else cat([parts_U, zeros(gU._shape[:-2] + (m - n, n), dtype=gU.dtype)], -2)


def _lu_unpack_jvp(LU_data_t, unpack_data):
    """The tangents of L and U: LU_data's tangent below (on and above) the diagonal."""
    if not unpack_data:
        return None, None, None
    m, n = LU_data_t._shape[-2], LU_data_t._shape[-1]
    L = LU_data_t.tril(-1) if m >= n else LU_data_t.narrow(-1, 0, m).tril(-1)
    U = LU_data_t.triu() if n >= m else LU_data_t.narrow(-2, 0, n).triu()
    return None, L, U


@op("LuUnpackBackward0", name="lu_unpack",
    result=lambda LU_data_t, unpack_data: _lu_unpack_jvp(LU_data_t, unpack_data),
    LU_data=lambda grads, LU_data: _lu_unpack_backward(grads, LU_data._shape[-2], LU_data._shape[-1]))
def _lu_unpack(LU_data, LU_pivots, unpack_data, unpack_pivots):
    m, n = LU_data._shape[-2], LU_data._shape[-1]
    k = min(m, n)
    empty = from_values([], (0,), LU_data.dtype)
    if unpack_data:
        L = LU_data.narrow(-1, 0, k).tril(-1) + _eye_like(LU_data, m, k)
        U = LU_data.narrow(-2, 0, k).triu()
    else:
        L = U = empty
    P = _permutations(LU_pivots, m, LU_data.dtype) if unpack_pivots else empty
    return P, L, U


def _eye_like(LU, m, k):
    values = [1.0 if i == j else 0.0 for i in range(m) for j in range(k)]
    return from_values(values, (m, k), LU.dtype)


@op(name="lu_unpack", forms="torch")
def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None):
    if LU_pivots.dtype is not _dtype.int32:
        raise RuntimeError("torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype.\n"
                           "Note: this function is intended to be used with the output produced by "
                           "torch.linalg.lu_factor")
    P, L, U = _lu_unpack(LU_data, LU_pivots, unpack_data, unpack_pivots)
    return return_types.lu_unpack((P.detach(), L, U))


# ---- linalg.lu: P, L, U ---------------------------------------------------------------------

def _lu_backward(gL, gU, P, L, U):
    """linalg_lu_backward: A's gradient from those of L and U (A = P L U)."""
    if gL is None and gU is None:
        return None
    m, n = L._shape[-2], U._shape[-1]
    k = min(m, n)
    if m == n:
        gA = (S.mT(L) @ gL).tril(-1) if gL is not None else None
        if gU is not None:
            upper = (gU @ S.mT(U)).triu()
            gA = upper if gA is None else gA + upper
        gA = solve_triangular(S.mT(U), gA, upper=False, left=False)
        gA = solve_triangular(S.mT(L), gA, upper=True, left=True, unitriangular=True)
    elif m < n:
        gA = S.mT(L) @ gL if gL is not None else None
        if gU is not None:
            term = -(gU.triu() @ S.mT(U))
            gA = term if gA is None else gA + term
        gA = solve_triangular(S.mT(U.narrow(-1, 0, k)), gA.tril(-1), upper=False, left=False)
        if gU is not None:
            gA = cat([gA + gU.narrow(-1, 0, k).triu(), gU.narrow(-1, k, n - k)], -1)
        gA = solve_triangular(S.mT(L), gA, upper=True, left=True, unitriangular=True)
        if gU is None:
            gA = cat([gA, zeros(U._shape[:-1] + (n - k,), dtype=U.dtype)], -1)
    else:
        gA = gU @ S.mT(U) if gU is not None else None
        if gL is not None:
            term = -(S.mT(L) @ gL.tril(-1))
            gA = term if gA is None else gA + term
        gA = solve_triangular(S.mT(L.narrow(-2, 0, k)), gA.triu(), upper=True, left=True, unitriangular=True)
        if gL is not None:
            gA = cat([gA + gL.narrow(-2, 0, k).tril(-1), gL.narrow(-2, k, m - k)], -2)
        gA = solve_triangular(S.mT(U), gA, upper=False, left=False)
        if gL is None:
            gA = cat([gA, zeros(L._shape[:-2] + (m - k, k), dtype=L.dtype)], -2)
    return P @ gA


def _lu_jvp(dA, P, L, U):
    """linalg_lu_jvp: with dK = L1^-1 P^T dA1 U1^-1 (A1 the leading k x k block), dL1 = L1 (dK
    strictly lower) and dU1 = (dK upper) U1; the extra columns of U (rows of L) follow from P^T dA2."""
    m, n = dA._shape[-2], dA._shape[-1]
    k = min(m, n)
    PdA = S.mT(P) @ dA
    L1, U1 = L.narrow(-2, 0, k).narrow(-1, 0, k), U.narrow(-2, 0, k).narrow(-1, 0, k)
    dK = solve_triangular(L1, PdA.narrow(-2, 0, k).narrow(-1, 0, k), upper=False, left=True, unitriangular=True)
    dK = solve_triangular(U1, dK, upper=True, left=False)
    dL1, dU1 = L1 @ dK.tril(-1), dK.triu() @ U1
    if m == n:
        return dL1, dU1
    if m < n:
        dU2 = solve_triangular(L1, PdA.narrow(-1, k, n - k), upper=False, left=True, unitriangular=True) \
            - dK.tril(-1) @ U.narrow(-1, k, n - k)
        return dL1, cat([dU1, dU2], -1)
    dL2 = solve_triangular(U1, PdA.narrow(-2, k, m - k), upper=True, left=False) - L.narrow(-2, k, m - k) @ dK.triu()
    return cat([dL1, dL2], -2), dU1


@op("LinalgLuBackward0", name="linalg_lu", packs="L=result1 P=result0 U=result2", saves="pivot",
    result=lambda A_t, result: (None,) + _lu_jvp(A_t, *result),
    A=lambda grads, result: _lu_backward(grads[1], grads[2], *result))
def _linalg_lu(A, pivot):
    LU, pivots, _ = _lu_factor_ex.forward(A, pivot)
    return _lu_unpack.forward(LU, pivots, True, True)


def linalg_lu(A, *, pivot=True, out=None):
    _check_lu_input(A, "linalg.lu")
    if not pivot:
        raise _no_pivot_error()
    P, L, U = _linalg_lu(A, pivot)
    return return_types.linalg_lu((P.detach(), L, U))


# ---- lu_solve ---------------------------------------------------------------------------------

def _solve_factored(lu, order, b, n, adjoint, r):
    """X with A X = b (A^T X = b when ``adjoint``) for A = P L U given as the packed rows ``lu``
    and the row order of P^T A; ``b`` is n x k rows. Each step is rounded by ``r``; the
    substitutions go column by column (a solved unknown is removed from the rows after it),
    dividing by the diagonal, as reference LAPACK's trsm."""
    def substitute(x, steps, entry, unit):
        for i in steps:
            if not unit:
                x[i] = [r(v / entry(i, i)) for v in x[i]]
            for t in steps[steps.index(i) + 1:]:
                factor = entry(t, i)
                x[t] = [r(v - r(factor * w)) for v, w in zip(x[t], x[i])]
        return x

    forward, backward = list(range(n)), list(reversed(range(n)))
    if not adjoint:
        x = [list(b[order[i]]) for i in range(n)]
        x = substitute(x, forward, lambda t, i: lu[t][i], True)
        return substitute(x, backward, lambda t, i: lu[t][i], False)
    y = substitute([list(row) for row in b], forward, lambda t, i: lu[i][t], False)  # U^T
    y = substitute(y, backward, lambda t, i: lu[i][t], True)  # L^T
    x = [None] * n
    for i in range(n):
        x[order[i]] = y[i]
    return x


def _lu_solve_LU(gX, LU, pivots, X, left, adjoint):
    """linalg_lu_solve_LU: the packed factors' gradient."""
    P, L, U = lu_unpack(LU, pivots)
    if left != adjoint:
        gR = -((gX @ S.mT(X)) if left else (S.mT(gX) @ X))
        gR = solve_triangular(S.mT(U), gR, upper=False, left=True)
        gL = solve_triangular(S.mT(L), gR @ S.mT(U), upper=True, left=True, unitriangular=True).tril(-1)
        return gL + gR.triu()
    gR = -(S.mT(P) @ (X if left else S.mT(X)) @ (S.mT(gX) if left else gX) @ P)
    gR = solve_triangular(S.mT(L), gR, upper=True, left=False, unitriangular=True)
    gU = solve_triangular(S.mT(U), S.mT(L) @ gR, upper=False, left=False).triu()
    return gR.tril(-1) + gU


def _lu_solve_jvp(LU_t, B_t, LU, pivots, left, adjoint, X):
    """linalg_lu_solve_jvp: differentiating op1(P L U) op2(X) = op3(B), with
    S = lu_solve(LU, pivots, dB) the part from B's tangent."""
    from_B = _lu_solve(LU, pivots, B_t, left, adjoint)
    if left != adjoint:  # dX = op2(-U^-1 (dU + L^-1 dL U) op2(X)) + S
        U = LU.triu()
        R = solve_triangular(LU, LU_t.tril(-1), upper=False, left=True, unitriangular=True)
        R = -solve_triangular(U, LU_t.triu() + R @ U, upper=True)
        return (R @ X if left else X @ S.mT(R)) + from_B
    # dX = op2(op1(-op3(X)^T P (L dU U^-1 + dL) L^-1 P^T)) + S
    P, L, U = _lu_unpack(LU, pivots, True, True)
    R = solve_triangular(U, L @ LU_t.triu(), upper=True, left=False) + LU_t.tril(-1)
    R = solve_triangular(L, -((S.mT(X) if left else X) @ P @ R), upper=False, left=False, unitriangular=True) @ S.mT(P)
    return (S.mT(R) if left else R) + from_B


@op("LinalgLuSolveBackward0", name="linalg_lu_solve",
    result=lambda LU_t, B_t, LU, pivots, left, adjoint, result: _lu_solve_jvp(LU_t, B_t, LU, pivots, left, adjoint,
                                                                              result),
    LU=lambda grad, LU, pivots, left, adjoint, result: _lu_solve_LU(grad, LU, pivots, result, left, adjoint),
    B=lambda grad, LU, pivots, left, adjoint: linalg_lu_solve(LU, pivots, grad, left=left, adjoint=not adjoint))
def _lu_solve(LU, pivots, B, left, adjoint):
    if not left:  # X A = B  <=>  A^T X^T = B^T
        return S.mT(_lu_solve.forward(LU, pivots, S.mT(B), True, not adjoint))
    n, k = LU._shape[-1], B._shape[-1]
    batch = broadcast_shapes(LU._shape[:-2], B._shape[:-2])
    factors = _float_matrices(LU.expand(batch + (n, n)))
    rhs = _float_matrices(B.expand(batch + (n, k)))
    piv = [int(v) for v in pivots.expand(batch + (n,))._flat()]
    r = _rounding(LU.dtype)
    values = []
    for b, (lu, y) in enumerate(zip(factors, rhs)):
        order = list(range(n))
        for i, p in enumerate(piv[b * n:(b + 1) * n]):
            order[i], order[p - 1] = order[p - 1], order[i]
        values += [v for row in _solve_factored(lu, order, y, n, adjoint, r) for v in row]
    return from_values(values, batch + (n, k), LU.dtype)


def linalg_lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    if B.dim() < 2:
        raise RuntimeError("linalg.lu_solve: The input tensor B must have at least 2 dimensions.")
    if LU.dim() < 2 or LU._shape[-1] != LU._shape[-2]:
        raise RuntimeError(f"torch.linalg.lu_solve: A must be batches of square matrices, but they are "
                           f"{LU._shape[-2]} by {LU._shape[-1]} matrices")
    n = LU._shape[-1]
    if B._shape[-2 if left else -1] != n:
        shape = f"{B._shape[-2]}x{B._shape[-1]}"
        raise RuntimeError(f"linalg.lu_solve: Incompatible shapes of A and B for the equation "
                           f"{'AX = B' if left else 'XA = B'} ({n}x{n} and {shape})")
    if LU.dtype is not B.dtype:
        raise RuntimeError(f"linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type "
                           f"{type_name(LU.dtype)} and B of type {type_name(B.dtype)} instead")
    if pivots.dtype is not _dtype.int32:
        raise RuntimeError(f"linalg.lu_solve: pivots should be a Tensor of scalar type Int")
    return _lu_solve(LU, pivots, B, left, adjoint)


@op(name="lu_solve", forms="torch Tensor")
def lu_solve(b, LU_data, LU_pivots, *, out=None):
    warn_once("torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a future PyTorch "
              "release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = torch.lu_solve(B, LU, "
              "pivots)\nshould be replaced with\nX = torch.linalg.lu_solve(LU, pivots, B) (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2230.)")
    return linalg_lu_solve(LU_data, LU_pivots, b)


# ---- LDL^T (symmetric indefinite) -------------------------------------------------------------

_BUNCH_KAUFMAN = (1.0 + math.sqrt(17.0)) / 8.0


def _sytf2(a, n, r):
    """Bunch-Kaufman LDL^T of the symmetric rows ``a`` (lower triangle read and written):
    (pivots in LAPACK's convention, 1-based: k for a 1x1 block after swapping k with it,
    -p twice for a 2x2 block after swapping k + 1 with p; info: 0 or the first zero block)."""
    pivots, info = [0] * n, 0
    k = 0
    while k < n:
        step = 1
        absakk = abs(a[k][k])
        imax, colmax = k, 0.0
        if k < n - 1:
            imax = max(range(k + 1, n), key=lambda i: abs(a[i][k]))
            colmax = abs(a[imax][k])
        if max(absakk, colmax) == 0:
            info = info or k + 1
            kp = k
        elif absakk >= _BUNCH_KAUFMAN * colmax:
            kp = k
        else:
            rowmax = max([abs(a[imax][j]) for j in range(k, imax)] + [abs(a[i][imax]) for i in range(imax + 1, n)])
            if absakk >= _BUNCH_KAUFMAN * colmax * (colmax / rowmax):
                kp = k
            elif abs(a[imax][imax]) >= _BUNCH_KAUFMAN * rowmax:
                kp = imax
            else:
                kp, step = imax, 2
        kk = k + step - 1
        if kp != kk:  # swap rows and columns kk and kp of the trailing lower triangle
            for i in range(kp + 1, n):
                a[i][kk], a[i][kp] = a[i][kp], a[i][kk]
            for j in range(kk + 1, kp):
                a[j][kk], a[kp][j] = a[kp][j], a[j][kk]
            a[kk][kk], a[kp][kp] = a[kp][kp], a[kk][kk]
            if step == 2:
                a[k + 1][k], a[kp][k] = a[kp][k], a[k + 1][k]
        if step == 1 and a[k][k] != 0 and k < n - 1:
            d11 = r(1.0 / a[k][k])
            x = [a[i][k] for i in range(k + 1, n)]
            for j in range(k + 1, n):
                scaled = r(-d11 * x[j - k - 1])
                for i in range(j, n):
                    a[i][j] = r(a[i][j] + r(x[i - k - 1] * scaled))
            for i in range(k + 1, n):
                a[i][k] = r(d11 * a[i][k])
        elif step == 2 and k < n - 2:
            d21 = a[k + 1][k]
            d11, d22 = r(a[k + 1][k + 1] / d21), r(a[k][k] / d21)
            t = r(1.0 / r(r(d11 * d22) - 1.0))
            d21 = r(t / d21)
            for j in range(k + 2, n):
                wk = r(d21 * r(r(d11 * a[j][k]) - a[j][k + 1]))
                wkp1 = r(d21 * r(r(d22 * a[j][k + 1]) - a[j][k]))
                for i in range(j, n):
                    a[i][j] = r(r(a[i][j] - r(a[i][k] * wk)) - r(a[i][k + 1] * wkp1))
                a[j][k], a[j][k + 1] = wk, wkp1
        if step == 1:
            pivots[k] = kp + 1
        else:
            pivots[k] = pivots[k + 1] = -(kp + 1)
        k += step
    return pivots, info


@op("NotImplemented", name="linalg_ldl_factor_ex", A=lambda grads: no_aten_derivative("linalg_ldl_factor_ex"))
def _ldl_factor_ex(A):
    n = A._shape[-1]
    r = _rounding(A.dtype)
    values, pivots, infos = [], [], []
    for a in _float_matrices(A):
        p, info = _sytf2(a, n, r)
        values += [a[i][j] if j <= i else 0.0 for i in range(n) for j in range(n)]
        pivots += p
        infos.append(info)
    batch = A._shape[:-2]
    return (from_values(values, A._shape, A.dtype), from_values(pivots, batch + (n,), _dtype.int32),
            from_values(infos, batch, _dtype.int32))


def ldl_factor_ex(A, *, hermitian=False, check_errors=False, out=None):
    _check_square(A, "torch.linalg.ldl_factor_ex")
    LD, pivots, info = _ldl_factor_ex(A)
    if check_errors:
        _raise_ldl_info(info, "torch.linalg.ldl_factor_ex")
    return return_types.linalg_ldl_factor_ex((LD, pivots, info))


def _raise_ldl_info(info, name):
    for k in info.reshape(-1).tolist():
        if k:  # PyTorch's message for sytrf's info > 0 (a singular D)
            raise RuntimeError(f'false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/'
                               f'BatchLinearAlgebra.cpp":1642, please report a bug to PyTorch. {name}: Unknown error '
                               f'code: {k}.')


def ldl_factor(A, *, hermitian=False, out=None):
    _check_square(A, "torch.linalg.ldl_factor_ex")
    LD, pivots, info = _ldl_factor_ex(A)
    _raise_ldl_info(info, "torch.linalg.ldl_factor")
    return return_types.linalg_ldl_factor((LD, pivots))


def _sytrs(a, pivots, b, n, r):
    """X with A X = b for sytf2's factors ``a`` and ``pivots``; ``b`` is n x k rows (changed)."""
    def axpy(target, factor, source):  # target -= factor * source, row by row
        return [r(t - r(factor * s)) for t, s in zip(target, source)]

    k = 0
    while k < n:  # L D Y = P^T b
        if pivots[k] > 0:
            kp = pivots[k] - 1
            b[k], b[kp] = b[kp], b[k]
            for i in range(k + 1, n):
                b[i] = axpy(b[i], a[i][k], b[k])
            inverse = r(1.0 / a[k][k])
            b[k] = [r(v * inverse) for v in b[k]]
            k += 1
        else:
            kp = -pivots[k] - 1
            b[k + 1], b[kp] = b[kp], b[k + 1]
            for i in range(k + 2, n):
                b[i] = axpy(axpy(b[i], a[i][k], b[k]), a[i][k + 1], b[k + 1])
            akm1k = a[k + 1][k]
            akm1, ak = r(a[k][k] / akm1k), r(a[k + 1][k + 1] / akm1k)
            denominator = r(r(akm1 * ak) - 1.0)
            first, second = [], []
            for bkm1, bk in zip(b[k], b[k + 1]):
                bkm1, bk = r(bkm1 / akm1k), r(bk / akm1k)
                first.append(r(r(r(ak * bkm1) - bk) / denominator))
                second.append(r(r(r(akm1 * bk) - bkm1) / denominator))
            b[k], b[k + 1] = first, second
            k += 2
    k = n - 1
    while k >= 0:  # L^T X = Y, then the swaps undone
        rows = (k,) if pivots[k] > 0 else (k - 1, k)
        for row in rows:
            for i in range(k + 1, n):
                b[row] = axpy(b[row], a[i][row], b[i])
        kp = abs(pivots[k]) - 1
        b[k], b[kp] = b[kp], b[k]
        k -= len(rows)
    return b


@op("NotImplemented", name="linalg_ldl_solve", LD=lambda grad: no_aten_derivative("linalg_ldl_solve"),
    B=lambda grad: no_aten_derivative("linalg_ldl_solve"))
def _ldl_solve(LD, pivots, B):
    n, k = LD._shape[-1], B._shape[-1]
    batch = broadcast_shapes(LD._shape[:-2], B._shape[:-2])
    r = _rounding(LD.dtype)
    piv = [int(v) for v in pivots.expand(batch + (n,))._flat()]
    values = []
    matrices = zip(_float_matrices(LD.expand(batch + (n, n))), _float_matrices(B.expand(batch + (n, k))))
    for b, (a, rhs) in enumerate(matrices):
        values += [v for row in _sytrs(a, piv[b * n:(b + 1) * n], rhs, n, r) for v in row]
    return from_values(values, batch + (n, k), LD.dtype)


def ldl_solve(LD, pivots, B, *, hermitian=False, out=None):
    n = LD._shape[-1]
    if B._shape[-2] != n:
        raise RuntimeError(f"Incompatible matrix sizes for torch.linalg.ldl_solve: each A matrix is {n} by {n} but "
                           f"each b matrix is {B._shape[-2]} by {B._shape[-1]}")
    return _ldl_solve(LD, pivots, B)
