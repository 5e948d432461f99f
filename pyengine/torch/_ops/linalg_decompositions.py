# Follows LAPACK (BSD-3); notices: licenses/lapack.txt
"""Decompositions: linalg.qr, eigh/eigvalsh, svd/svdvals, and what is built on them (pinv,
matrix_rank, lstsq, matrix norms, cond), matrix_power, matrix_exp, and the legacy torch.* names
(svd, qr, pinverse, cholesky, cholesky_solve, cholesky_inverse, triangular_solve).

Each factorisation is computed in float64 and rounded once to the dtype. QR is LAPACK's
Householder QR (geqrf/orgqr: R's diagonal is -sign(a_jj) * the column norm), so Q and R carry
PyTorch's signs. eigh and svd use Jacobi rotations: their values agree with LAPACK's to
float64 accuracy, but the sign of each eigenvector / singular-vector pair is LAPACK's
divide-and-conquer's own and is not reproduced (here: each vector's largest entry, the first
of equal ones, is positive). float32 results can differ from PyTorch's in the last bits
(arith-parity.md section 5), so their golden programs compare to 6 significant digits. The
derivative formulas are PyTorch's (FunctionsManual.cpp: linalg_qr_backward,
linalg_eig_backward, svd_backward, pinv_backward, linalg_lstsq_backward,
linalg_matrix_exp_differential).
"""
import math

from .. import _dtype, return_types
from .._process import warn_once
from ..autograd.derivatives import op
from ._helpers import from_values, type_name, wrap_dim
from .creation import eye, zeros
from .joining import cat, diag_embed
from .linalg import matmul
from .linalg_solve import _check_square, _cholesky, _cholesky_backward, _rounded, inv, solve, solve_triangular
from . import reduction as R, shape as S

_EPS64 = 2.0 ** -52


def _check_matrix(A, name):
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if A.dtype.kind != "f":
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. Got {type_name(A.dtype)}")


def _float_matrices(A):
    """A's matrices as lists of float64 rows (any shape m x n, batched)."""
    m, n = A._shape[-2], A._shape[-1]
    flat = [float(v) for v in A._flat()]
    return [[flat[k + i * n:k + (i + 1) * n] for i in range(m)] for k in range(0, len(flat), m * n)] \
        if m * n else [[[] for _ in range(m)] for _ in range(_batch_count(A))]


def _batch_count(A):
    return math.prod(A._shape[:-2])


def _tensor(matrices, batch, rows, cols, dtype):
    values = [v for mat in matrices for row in mat for v in row]
    return from_values(_rounded(values, dtype), batch + (rows, cols), dtype)


def _transpose(a):
    return [list(col) for col in zip(*a)] if a else []


def _identity(n):
    return [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]


# ---- QR: Householder reflections, as LAPACK's geqrf / orgqr ---------------------------------

def _householder(a, m, n):
    """Factor the rows ``a`` (m x n) in place into R (upper part); return the reflectors
    (v, tau), H = I - tau v v^T, v[0] = 1 (LAPACK's dlarfg conventions)."""
    reflectors = []
    for j in range(min(m, n)):
        alpha = a[j][j]
        xnorm = math.sqrt(math.fsum(a[i][j] ** 2 for i in range(j + 1, m)))
        if xnorm == 0.0:
            reflectors.append(([1.0] + [0.0] * (m - j - 1), 0.0))
            continue
        beta = -math.copysign(math.hypot(alpha, xnorm), alpha)
        tau = (beta - alpha) / beta
        v = [1.0] + [a[i][j] / (alpha - beta) for i in range(j + 1, m)]
        for c in range(j + 1, n):
            s = tau * math.fsum(v[i - j] * a[i][c] for i in range(j, m))
            for i in range(j, m):
                a[i][c] -= s * v[i - j]
        a[j][j] = beta
        for i in range(j + 1, m):
            a[i][j] = 0.0
        reflectors.append((v, tau))
    return reflectors


def _q_from(reflectors, m, columns):
    """The first ``columns`` columns of Q = H_0 H_1 ... H_{k-1} (LAPACK's orgqr)."""
    q = [[1.0 if i == j else 0.0 for j in range(columns)] for i in range(m)]
    for j in reversed(range(len(reflectors))):
        v, tau = reflectors[j]
        if tau == 0.0:
            continue
        for c in range(columns):
            s = tau * math.fsum(v[i - j] * q[i][c] for i in range(j, m))
            for i in range(j, m):
                q[i][c] -= s * v[i - j]
    return q


def _qr_backward(grads, Q, R, mode):
    """linalg_qr_backward: gA from the gradients of Q and R."""
    gQ, gR = grads
    m, n = Q._shape[-2], R._shape[-1]
    _check_qr_differentiable(mode, m, n)
    gA = (gR @ S.mT(R) if gR is not None else 0) - (S.mT(Q) @ gQ if gQ is not None else 0)
    if m >= n:
        upper = gA.triu()
        both = upper + S.mT(upper)
        both = both - diag_embed(S.diagonal(both, 0, -2, -1) * 0.5)
        gA = Q @ both + (gQ if gQ is not None else 0)
        return solve_triangular(S.mT(R), gA, upper=False, left=False)
    gA = solve_triangular(S.mT(R.narrow(-1, 0, m)), Q @ (gA - S.mT(gA)).tril(), upper=False, left=False)
    gA = cat([gA, zeros(R._shape[:-1] + (n - m,), dtype=gA.dtype)], -1)
    return gA + Q @ gR if gR is not None else gA


def _qr_jvp(dA, Q, R, mode):
    """linalg_qr_jvp: with dA = dQ R + Q dR. For m >= n, Q^T dA R^-1 = Q^T dQ + dR R^-1 (skew plus
    upper triangular) gives dR; for m < n, the strictly lower part of Q^T dA_1 R_1^-1 gives Q^T dQ."""
    m, n = dA._shape[-2], dA._shape[-1]
    _check_qr_differentiable(mode, m, n)
    if m >= n:
        dARinv = solve_triangular(R, dA, upper=True, left=False)
        X = S.mT(Q) @ dARinv
        dR = (X + S.mT(X)).triu()
        dR = dR - diag_embed(S.diagonal(dR, 0, -2, -1) * 0.5)
        return dARinv - Q @ dR, dR @ R
    QtdA = S.mT(Q) @ dA
    lower = solve_triangular(R.narrow(-1, 0, m), QtdA.narrow(-1, 0, m), upper=True, left=False).tril(-1)
    dQ = lower - S.mT(lower)
    return Q @ dQ, QtdA - dQ @ R


def _check_qr_differentiable(mode, m, n):
    if mode == "r":
        raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
                           "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.")
    if mode == "complete" and m > n:
        raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.")


@op("LinalgQrBackward0", name="linalg_qr", packs="Q=result0 R=result1",
    result=lambda A_t, mode, result: _qr_jvp(A_t, result[0], result[1], mode),
    A=lambda grads, mode, result: _qr_backward(grads, result[0], result[1], mode))
def _qr(A, mode):
    m, n = A._shape[-2], A._shape[-1]
    k = min(m, n)
    qs, rs = [], []
    for a in _float_matrices(A):
        reflectors = _householder(a, m, n)
        q_columns = m if mode == "complete" else k
        qs.append(_q_from(reflectors, m, q_columns))
        rs.append(a[:q_columns])
    batch = A._shape[:-2]
    r = _tensor(rs, batch, m if mode == "complete" else k, n, A.dtype)
    if mode == "r":
        return return_types.linalg_qr((from_values([], (0,), A.dtype), r))
    return return_types.linalg_qr((_tensor(qs, batch, m, m if mode == "complete" else k, A.dtype), r))


def qr(A, mode="reduced"):
    _check_matrix(A, "linalg.qr")
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), 'r', or "
                           "'complete'")
    return _qr(A, mode)


@op(name="qr", forms="torch Tensor")
def qr_legacy(input, some=True):
    """torch.qr (deprecated): linalg.qr with mode 'reduced' or 'complete'."""
    warn_once("torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch release.\n"
              "The boolean parameter 'some' has been replaced with a string parameter 'mode'.\n"
              "Q, R = torch.qr(A, some)\nshould be replaced with\n"
              "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete') (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2505.)")
    _check_matrix(input, "linalg.qr")
    return return_types.qr(_qr(input, "reduced" if some else "complete"))


# ---- eigh: cyclic Jacobi rotations -----------------------------------------------------------

def _jacobi_eigh(a, n):
    """(eigenvalues ascending, eigenvector columns) of the symmetric rows ``a`` (float64)."""
    a = [row[:] for row in a]
    v = _identity(n)
    for _ in range(100):
        off = math.fsum(a[i][j] ** 2 for i in range(n) for j in range(i + 1, n))
        scale = math.fsum(a[i][i] ** 2 for i in range(n)) + off
        if off <= (_EPS64 * _EPS64 / 4) * scale or off == 0.0:
            break
        for p in range(n):
            for q in range(p + 1, n):
                if a[p][q] == 0.0:
                    continue
                theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q])
                t = math.copysign(1.0, theta) / (abs(theta) + math.hypot(theta, 1.0))
                c = 1.0 / math.hypot(t, 1.0)
                s = t * c
                for k in range(n):
                    akp, akq = a[k][p], a[k][q]
                    a[k][p], a[k][q] = c * akp - s * akq, s * akp + c * akq
                for k in range(n):
                    apk, aqk = a[p][k], a[q][k]
                    a[p][k], a[q][k] = c * apk - s * aqk, s * apk + c * aqk
                for k in range(n):
                    vkp, vkq = v[k][p], v[k][q]
                    v[k][p], v[k][q] = c * vkp - s * vkq, s * vkp + c * vkq
    order = sorted(range(n), key=lambda i: a[i][i])
    columns = [_signed([v[k][i] for k in range(n)]) for i in order]
    return [a[i][i] for i in order], _transpose(columns)


def _signed(vector):
    """The vector with its largest entry (the first of equal ones) positive."""
    big = max(range(len(vector)), key=lambda i: (abs(vector[i]), -i)) if vector else 0
    return [-x for x in vector] if vector and vector[big] < 0 else vector


def _eigh_backward(grads, eigenvalues, eigenvectors):
    gL, gV = grads
    L, V = eigenvalues, eigenvectors
    if gV is None:
        return matmul(V * S.unsqueeze(gL, -2), S.mT(V))
    VhgV = S.mT(V) @ gV
    VhgV = 0.5 * (VhgV - S.mT(VhgV))
    E = S.unsqueeze(L, -2) - S.unsqueeze(L, -1)
    E = E + diag_embed(S.diagonal(E, 0, -2, -1) * 0 + 1)
    middle = VhgV / E
    diagonal = gL if gL is not None else S.diagonal(middle, 0, -2, -1) * 0
    middle = middle - diag_embed(S.diagonal(middle, 0, -2, -1)) + diag_embed(diagonal)
    return V @ middle @ S.mT(V)


def _eigh_jvp(A_t, result):
    """Eigenvalues' and eigenvectors' tangents of a symmetric A (PyTorch's linalg_eig_jvp): with
    dP = V^T dA V, dL = diag(dP) and dV = V (dP_ij / (L_j - L_i), 0 on the diagonal)."""
    L, V = result
    dP = S.mT(V) @ A_t @ V
    n = L._shape[-1]
    off_diagonal = (dP / (S.unsqueeze(L, -2) - S.unsqueeze(L, -1))).masked_fill(eye(n, dtype=_dtype.bool_), 0)
    return dP.diagonal(0, -2, -1), V @ off_diagonal


@op("LinalgEighBackward0", name="_linalg_eigh", packs="eigenvalues=result0 eigenvectors=result1",
    result=lambda A_t, result: _eigh_jvp(A_t, result), A=lambda grads, result: _eigh_backward(grads, *result))
def _eigh(A, UPLO):
    n = A._shape[-1]
    values, vectors = [], []
    for a in _float_matrices(A):
        full = [[a[i][j] if (i >= j) == (UPLO == "L") else a[j][i] for j in range(n)] for i in range(n)]
        w, v = _jacobi_eigh(full, n)
        values.append([w])
        vectors.append(v)
    batch = A._shape[:-2]
    return return_types.linalg_eigh((_tensor(values, batch, 1, n, A.dtype).reshape(batch + (n,)),
                                     _tensor(vectors, batch, n, n, A.dtype)))


def _check_uplo(UPLO):
    if UPLO not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")


def eigh(A, UPLO="L"):
    _check_square(A, "linalg.eigh")
    _check_uplo(UPLO)
    return _eigh(A, UPLO)


def eigvalsh(A, UPLO="L"):
    _check_square(A, "linalg.eigvalsh")
    _check_uplo(UPLO)
    return _eigh(A, UPLO)[0]


# ---- SVD: one-sided Jacobi (Hestenes) ------------------------------------------------------

def _jacobi_svd(a, m, n):
    """(U m x k, s (k, descending), V n x k) of the rows ``a`` (m x n, m >= n, k = n), float64."""
    w = _transpose(a)  # columns of A
    v = _identity(n)
    for _ in range(100):
        rotated = False
        for p in range(n):
            for q in range(p + 1, n):
                alpha = math.fsum(x * x for x in w[p])
                beta = math.fsum(x * x for x in w[q])
                gamma = math.fsum(x * y for x, y in zip(w[p], w[q]))
                if gamma == 0.0 or abs(gamma) <= _EPS64 * math.sqrt(alpha * beta):
                    continue
                rotated = True
                zeta = (beta - alpha) / (2.0 * gamma)
                t = math.copysign(1.0, zeta) / (abs(zeta) + math.hypot(zeta, 1.0))
                c = 1.0 / math.hypot(t, 1.0)
                s = c * t
                for col in (w, v):
                    xp, xq = col[p], col[q]
                    col[p] = [c * x - s * y for x, y in zip(xp, xq)]
                    col[q] = [s * x + c * y for x, y in zip(xp, xq)]
        if not rotated:
            break
    norms = [math.sqrt(math.fsum(x * x for x in col)) for col in w]
    order = sorted(range(n), key=lambda i: -norms[i])
    u_cols, v_cols = [], []
    for i in order:
        u = [x / norms[i] for x in w[i]] if norms[i] > 0 else None
        vi = v[i]
        big = max(range(n), key=lambda k: (abs(vi[k]), -k))
        sign = -1.0 if vi[big] < 0 else 1.0
        v_cols.append([sign * x for x in vi])
        u_cols.append(None if u is None else [sign * x for x in u])
    return u_cols, [norms[i] for i in order], v_cols


def _completed(columns, m, count):
    """``count`` orthonormal columns of length m: the given ones (None: to fill), then more
    (Gram-Schmidt on the unit vectors) for the None entries and up to count."""
    basis = [c for c in columns if c is not None]
    candidates = iter(range(m))

    def next_vector():
        while True:
            e = [0.0] * m
            e[next(candidates)] = 1.0
            for _ in range(2):
                for b in basis:
                    d = math.fsum(x * y for x, y in zip(e, b))
                    e = [x - d * y for x, y in zip(e, b)]
            norm = math.sqrt(math.fsum(x * x for x in e))
            if norm > 1e-8:
                vector = [x / norm for x in e]
                basis.append(vector)
                return vector
    out = [c if c is not None else next_vector() for c in columns]
    while len(out) < count:
        out.append(next_vector())
    return out


def _svd_matrix(a, m, n, full):
    """(U rows, s, Vh rows) of one m x n matrix; U is m x m and Vh n x n when ``full``."""
    if m >= n:
        u_cols, s, v_cols = _jacobi_svd(a, m, n)
    else:
        v_cols, s, u_cols = _jacobi_svd(_transpose(a), n, m)
    k = min(m, n)
    u_cols = _completed(u_cols, m, m if full else k)
    v_cols = _completed(v_cols, n, n if full else k)
    return _transpose(u_cols), s, v_cols


def _skew(X):
    return X - S.mT(X)


def _svd_backward(grads, full_matrices, U, Sv, Vh):
    gU, gS, gVh = grads
    k = Sv._shape[-1]
    if full_matrices:
        U, Vh = U.narrow(-1, 0, k), Vh.narrow(-2, 0, k)
        gU = gU.narrow(-1, 0, k) if gU is not None else None
        gVh = gVh.narrow(-2, 0, k) if gVh is not None else None
    m, n = U._shape[-2], Vh._shape[-1]
    if gU is None and gVh is None:
        return U @ (S.unsqueeze(gS, -1) * Vh) if m >= n else (U * S.unsqueeze(gS, -2)) @ Vh
    V = S.mT(Vh)
    gV = S.mT(gVh) if gVh is not None else None
    S2 = Sv * Sv
    E = S.unsqueeze(S2, -2) - S.unsqueeze(S2, -1)
    E = E + diag_embed(S.diagonal(E, 0, -2, -1) * 0 + 1)
    if gU is not None and gV is not None:
        gA = (_skew(S.mT(U) @ gU) * S.unsqueeze(Sv, -2) + S.unsqueeze(Sv, -1) * _skew(Vh @ gV)) / E
    elif gU is not None:
        gA = _skew(S.mT(U) @ gU) / E * S.unsqueeze(Sv, -2)
    else:
        gA = S.unsqueeze(Sv, -1) * _skew(Vh @ gV) / E
    if gS is not None:
        gA = gA + diag_embed(gS)
    if m > n and gU is not None:
        gUSinv = gU / S.unsqueeze(Sv, -2)
        return (U @ gA + gUSinv - U @ (S.mT(U) @ gUSinv)) @ Vh
    if m < n and gV is not None:
        SinvgVh = gVh / S.unsqueeze(Sv, -1)
        return U @ (gA @ Vh + SinvgVh - (SinvgVh @ V) @ Vh)
    return U @ (gA @ Vh) if m >= n else (U @ gA) @ Vh


def _svd_jvp(dA, U, Sv, Vh, full_matrices):
    """linalg_svd_jvp: with dP = U^T dA V, dS = diag(dP) and, off the diagonal,
    dU = U (sym(dP S) / E), dVh = -(sym(S dP) / E) Vh (E_jk = S_k^2 - S_j^2, sym(X) = X + X^T),
    plus the parts outside U's (V's) span for a tall (wide) A."""
    m, n, k = dA._shape[-2], dA._shape[-1], Sv._shape[-1]
    if full_matrices:
        U, Vh = U.narrow(-1, 0, k), Vh.narrow(-2, 0, k)
    V = S.mT(Vh)
    dP = S.mT(U) @ (dA @ V) if m < n else (S.mT(U) @ dA) @ V
    dS = S.diagonal(dP, 0, -2, -1)
    dP = dP - diag_embed(dS)
    S2 = Sv * Sv
    E = S.unsqueeze(S2, -2) - S.unsqueeze(S2, -1)
    E = E + diag_embed(S.diagonal(E, 0, -2, -1) * 0 + 1)

    def sym(X):
        return X + S.mT(X)

    dU = U @ (sym(dP * S.unsqueeze(Sv, -2)) / E)
    if m > n:
        dAVSinv = dA @ (V / S.unsqueeze(Sv, -2))
        dU = dU + dAVSinv - U @ (S.mT(U) @ dAVSinv)
        if full_matrices:
            dU = cat([dU, zeros(dU._shape[:-1] + (m - n,), dtype=dU.dtype)], -1)
    dVh = (sym(dP * S.unsqueeze(-Sv, -1)) / E) @ Vh
    if m < n:
        UtdASinv = (S.mT(U) / S.unsqueeze(Sv, -1)) @ dA
        dVh = dVh + UtdASinv - (UtdASinv @ V) @ Vh
        if full_matrices:
            dVh = cat([dVh, zeros(dVh._shape[:-2] + (n - m, n), dtype=dVh.dtype)], -2)
    return dU, dS, dVh


@op("LinalgSvdBackward0", name="_linalg_svd", packs="S=result1 U=result0 Vh=result2",
    saved="S S_sym_argsize_minus_1 U Vh full_matrices",
    result=lambda A_t, full_matrices, result: _svd_jvp(A_t, *result, full_matrices),
    A=lambda grads, full_matrices, result: _svd_backward(grads, full_matrices, *result))
def _svd(A, full_matrices):
    m, n = A._shape[-2], A._shape[-1]
    k = min(m, n)
    us, ss, vhs = [], [], []
    for a in _float_matrices(A):
        u, s, vh = _svd_matrix(a, m, n, full_matrices)
        us.append(u)
        ss.append([s])
        vhs.append(vh)
    batch = A._shape[:-2]
    return return_types.linalg_svd((_tensor(us, batch, m, m if full_matrices else k, A.dtype),
                                    _tensor(ss, batch, 1, k, A.dtype).reshape(batch + (k,)),
                                    _tensor(vhs, batch, n if full_matrices else k, n, A.dtype)))


def svd(A, full_matrices=True, *, driver=None):
    _check_matrix(A, "linalg.svd")
    return _svd(A, full_matrices)


def svdvals(A, *, driver=None):
    _check_matrix(A, "linalg.svdvals")
    return _svd(A, False)[1]


@op(name="svd", forms="torch Tensor")
def svd_legacy(input, some=True, compute_uv=True):
    """torch.svd: (U, S, V) with V = Vh^T; without compute_uv, U and V are zeros (full size)."""
    _check_matrix(input, "linalg.svd")
    U, Sv, Vh = _svd(input, not some)
    if not compute_uv:
        m, n = input._shape[-2], input._shape[-1]
        batch = input._shape[:-2]
        return return_types.svd((zeros(batch + (m, m), dtype=input.dtype), Sv,
                                 zeros(batch + (n, n), dtype=input.dtype)))
    return return_types.svd((U, Sv, S.mT(Vh)))


# ---- built on the SVD: pinv, matrix_rank, lstsq ---------------------------------------------

def _tolerance(A, atol, rtol, largest):
    """PyTorch's rank cutoff: max(atol, rtol * largest singular value); rtol defaults to
    eps * max(m, n) when neither is given, to 0 when only atol is."""
    if rtol is None:
        rtol = 0.0 if atol is not None and atol > 0 else _dtype.finfo(A.dtype).eps * max(A._shape[-2:])
    return max(atol or 0.0, rtol * largest)


def _pinv_values(a, m, n, atol_rtol, dtype_eps):
    u, s, vh = _svd_matrix(a, m, n, False)
    atol, rtol = atol_rtol
    if rtol is None:
        rtol = 0.0 if atol is not None and atol > 0 else dtype_eps * max(m, n)
    cutoff = max(atol or 0.0, rtol * (s[0] if s else 0.0))
    inverse = [1.0 / x if x > cutoff else 0.0 for x in s]
    return [[math.fsum(vh[j][i] * inverse[j] * u[r][j] for j in range(len(s))) for r in range(m)] for i in range(n)]


def _pinv_backward(grad, result, A):
    pinvA, m, n = result, A._shape[-2], A._shape[-1]
    pinvAh, gradh = S.mT(pinvA), S.mT(grad)
    if m <= n:
        K = gradh @ pinvA
        KpinvAh = K @ pinvAh
        return -S.mT(pinvA @ K) + KpinvAh - (A @ pinvA) @ KpinvAh + (pinvAh @ pinvA) @ (gradh - K @ A)
    K = pinvA @ gradh
    pinvAhK = pinvAh @ K
    return -S.mT(K @ pinvA) + (gradh - A @ K) @ pinvA @ pinvAh + pinvAhK - pinvAhK @ pinvA @ A


def _pinv_jvp(self_t, self, result):
    """The tangent of the pseudoinverse (PyTorch's pinv_jvp), through the smaller Gram side."""
    A, pinv_A, dA = self, result, self_t
    dAh, pinv_Ah = S.mT(dA), S.mT(pinv_A)
    if A._shape[-2] <= A._shape[-1]:
        K = pinv_Ah @ dAh
        return pinv_A @ (K - S.mT(K) - K @ (A @ pinv_A)) + (dAh - pinv_A @ (A @ dAh)) @ (pinv_Ah @ pinv_A)
    K = pinv_A @ dA
    Kh = S.mT(K)
    return (Kh - K - (pinv_A @ A) @ Kh) @ pinv_A + (pinv_A @ pinv_Ah) @ (dAh - (dAh @ A) @ pinv_A)


@op("LinalgPinvBackward0", name="linalg_pinv.atol_rtol_tensor",
    result=lambda self_t, self, result: _pinv_jvp(self_t, self, result), self=lambda grad, self, result: _pinv_backward(
    grad, result, self))
def _pinv(self, atol, rtol):
    m, n = self._shape[-2], self._shape[-1]
    eps = _dtype.finfo(self.dtype).eps
    mats = [_pinv_values(a, m, n, (atol, rtol), eps) for a in _float_matrices(self)]
    return _tensor(mats, self._shape[:-2], n, m, self.dtype)


def pinv(A, *, atol=None, rtol=None, hermitian=False):
    _check_matrix(A, "linalg.pinv")
    return _pinv(A, atol, rtol)


@op(name="pinverse", forms="torch Tensor")
def pinverse(input, rcond=1e-15):
    return _pinv(input, None, rcond)


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False):
    """The number of singular values above the tolerance (compared in A's dtype, as PyTorch
    compares its rounded svdvals)."""
    _check_matrix(A, "torch.linalg.matrix_rank")
    values = svdvals(A.detach())
    k = values._shape[-1]
    flat = values._flat()
    ranks = []
    for b in range(0, len(flat), max(k, 1)):
        row = flat[b:b + k]
        cutoff = _tolerance(A, atol, rtol, row[0] if row else 0.0)
        ranks.append(sum(1 for x in row if x > cutoff))
    return from_values(ranks or [0], A._shape[:-2], _dtype.int64)


def _as_matrix(b, self):
    """b as columns: a vector right-hand side (one dim fewer than A) gets a trailing dim."""
    return S.unsqueeze(b, -1) if b.dim() == self.dim() - 1 else b


def _as_given(x, b, self):
    return x.squeeze(-1) if b.dim() == self.dim() - 1 else x


def _lstsq_backward(grads, self, b, result, which):
    """linalg_lstsq_backward: through pinv(A) for the solution, and through the residual
    r = A X - B for the residuals (Danskin: X held fixed)."""
    gX, gL = grads[0], grads[1]
    has_gL = gL is not None and gL.numel() > 0
    if gX is None and not has_gL:
        return None
    B = _as_matrix(b, self)
    total = None
    if gX is not None:
        gX = _as_matrix(gX, self)
        pinvA = pinv(self)
        total = _pinv_backward(gX @ S.mT(B), pinvA, self) if which == 0 else _as_given(S.mT(pinvA) @ gX, b, self)
    if has_gL:
        X = _as_matrix(result[0], self)
        gL = S.unsqueeze(gL, -2) * (self @ X - B)
        part = 2 * gL @ S.mT(X) if which == 0 else _as_given(-2 * gL, b, self)
        total = part if total is None else total + part
    return total


def _lstsq_jvp(self_t, b_t, self, b, result):
    """linalg_lstsq_solution_jvp and linalg_lstsq_residuals_jvp: dX = d(pinv A) B + pinv(A) dB,
    dL = 2 sum(r * (dA X - dB)) over the rows (Danskin's theorem: X held fixed)."""
    B, dB = _as_matrix(b, self), _as_matrix(b_t, self)
    pinvA = pinv(self)
    dX = _as_given(_pinv_jvp(self_t, self, pinvA) @ B + pinvA @ dB, b, self)
    residuals = result[1]
    if residuals.numel() == 0:
        return dX, residuals.clone(), None, None
    X = _as_matrix(result[0], self)
    return dX, 2 * ((self @ X - B) * (self_t @ X - dB)).sum(-2), None, None


@op("LinalgLstsqBackward0", name="linalg_lstsq", packs="b self solution=result0",
    result=_lstsq_jvp,
    self=lambda grads, self, b, result: _lstsq_backward(grads, self, b, result, 0),
    b=lambda grads, self, b, result: _lstsq_backward(grads, self, b, result, 1))
def _lstsq(self, b, rcond, driver):
    m, n = self._shape[-2], self._shape[-1]
    vector = b.dim() == self.dim() - 1
    columns = 1 if vector else b._shape[-1]
    rhs = _float_matrices(S.unsqueeze(b, -1) if vector else b)
    eps = _dtype.finfo(self.dtype).eps
    rcond = eps * max(m, n) if rcond is None else rcond
    solutions, residuals, ranks, singular = [], [], [], []
    for a, y in zip(_float_matrices(self), rhs):
        u, s, vh = _svd_matrix(a, m, n, False)
        cutoff = rcond * (s[0] if s else 0.0)
        inverse = [1.0 / x if x > cutoff else 0.0 for x in s]
        x = [[math.fsum(vh[j][i] * inverse[j] * math.fsum(u[r][j] * y[r][c] for r in range(m))
                        for j in range(len(s))) for c in range(columns)] for i in range(n)]
        solutions.append(x)
        ranks.append(sum(1 for v in inverse if v))
        singular.append(s)
        residuals.append([math.fsum((math.fsum(a[r][i] * x[i][c] for i in range(n)) - y[r][c]) ** 2
                                    for r in range(m)) for c in range(columns)])
    batch, dtype = self._shape[:-2], self.dtype
    solution = _tensor(solutions, batch, n, columns, dtype)
    if vector:
        solution = solution.squeeze(-1)
    full_rank = all(r == n for r in ranks)
    empty = from_values([], (0,), dtype)
    residual = _tensor([[r] for r in residuals], batch, 1, columns, dtype).reshape(batch + (columns,)) \
        if driver != "gelsy" and m > n and full_rank else empty
    rank = from_values(ranks, batch, _dtype.int64) if driver != "gels" else from_values([], (0,), _dtype.int64)
    values = _tensor([[s] for s in singular], batch, 1, min(m, n), dtype).reshape(batch + (min(m, n),)) \
        if driver in ("gelsd", "gelss") else empty
    return return_types.linalg_lstsq((solution, residual, rank, values))


def lstsq(A, B, rcond=None, *, driver=None):
    _check_matrix(A, "torch.linalg.lstsq")
    if A.dtype is not B.dtype:
        raise RuntimeError(f"torch.linalg.lstsq: Expected input and other to have the same dtype, but got "
                           f"input's dtype {type_name(A.dtype)} and other's dtype {type_name(B.dtype)}")
    if driver not in (None, "gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError(f"torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    if A._shape[-2] != B._shape[-2 if B.dim() == A.dim() else -1]:
        raise RuntimeError(f"torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    solution, residuals, rank, singular_values = _lstsq(A, B, rcond, driver or "gelsy")
    # PyTorch's singular values are not differentiable outputs
    return return_types.linalg_lstsq((solution, residuals, rank, singular_values.detach()))


# ---- matrix_power, matrix_exp ---------------------------------------------------------------

@op(name="matrix_power", forms="torch Tensor")
def matrix_power(A, n):
    """ATen's linalg_matrix_power: n = 0 the identity, n < 0 powers of the inverse, else
    products of A's repeated squares picked by n's bits (least significant first)."""
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if A._shape[-1] != A._shape[-2]:
        raise RuntimeError(f"linalg.matrix_power: A must be batches of square matrices, but they are "
                           f"{A._shape[-2]} by {A._shape[-1]} matrices")
    if n == 0:
        return A.clone().copy_(eye(A._shape[-1], dtype=A.dtype).expand(A._shape))
    if n < 0:
        A, n = inv(A), -n
        if n == 1:
            return A
    if n == 1:
        return A.clone()
    if n == 2:
        return matmul(A, A)
    if n == 3:
        return matmul(matmul(A, A), A)
    z = result = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = A if z is None else matmul(z, z)
        if bit:
            result = z if result is None else matmul(result, z)
    return result


def _expm(a, n):
    """exp of the rows ``a`` (float64): scaling and squaring with a Taylor series."""
    norm = max((math.fsum(abs(a[i][j]) for i in range(n)) for j in range(n)), default=0.0)
    squarings = max(0, math.frexp(norm)[1] + 1) if norm > 0.5 else 0
    scale = 2.0 ** -squarings
    b = [[x * scale for x in row] for row in a]
    result, term = _identity(n), _identity(n)
    for k in range(1, 30):
        term = [[math.fsum(term[i][t] * b[t][j] for t in range(n)) / k for j in range(n)] for i in range(n)]
        result = [[r + t for r, t in zip(rr, tr)] for rr, tr in zip(result, term)]
        if max((abs(x) for row in term for x in row), default=0.0) <= 1e-18 * max(
                (abs(x) for row in result for x in row), default=1.0):
            break
    for _ in range(squarings):
        result = [[math.fsum(result[i][t] * result[t][j] for t in range(n)) for j in range(n)] for i in range(n)]
    return result


def _matrix_exp_backward(self, grad):
    """exp([[A^T, G], [0, A^T]])'s upper-right block (linalg_matrix_exp_differential)."""
    n = self._shape[-1]
    At = S.mT(self)
    top = cat([At, grad], -1)
    bottom = cat([zeros(self._shape, dtype=self.dtype), At], -1)
    return matrix_exp(cat([top, bottom], -2)).narrow(-2, 0, n).narrow(-1, n, n)


def _matrix_exp_differential(A, A_t):
    """The tangent of exp(A) along A_t: the upper right block of exp([[A, A_t], [0, A]])."""
    n = A._shape[-1]
    block = cat([cat([A, A_t], -1), cat([zeros(A._shape, dtype=A.dtype), A], -1)], -2)
    return matrix_exp(block)[..., :n, n:]


@op("LinalgMatrixExpBackward0", name="linalg_matrix_exp",
    result=lambda self_t, self: _matrix_exp_differential(self, self_t), forms="torch.matrix_exp Tensor.matrix_exp",
    self=lambda grad, self: _matrix_exp_backward(self, grad))
def matrix_exp(self):
    _check_square(self, "linalg.matrix_exp")
    n = self._shape[-1]
    return _tensor([_expm(a, n) for a in _float_matrices(self)], self._shape[:-2], n, n, self.dtype)


# ---- Tensor methods PyTorch removed (1.9): calling one raises PyTorch's message -------------

_REMOVED = "This function was deprecated since version 1.9 and is now removed. "
_REMOVED_METHODS = {
    "eig": "`torch.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather than real tensors "
           "mimicking complex tensors.\n\nL, _ = torch.eig(A) should be replaced with:\nL_complex = "
           "torch.linalg.eigvals(A)\n\nand\n\nL, V = torch.eig(A, eigenvectors=True) should be replaced with:\n"
           "L_complex, V_complex = torch.linalg.eig(A)",
    "symeig": "The default behavior has changed from using the upper triangular portion of the matrix by default to "
              "using the lower triangular portion.\n\nL, _ = torch.symeig(A, upper=upper) should be replaced with:\n"
              "L = torch.linalg.eigvalsh(A, UPLO='U' if upper else 'L')\n\nand\n\nL, V = torch.symeig(A, "
              "eigenvectors=True) should be replaced with:\nL, V = torch.linalg.eigh(A, UPLO='U' if upper else 'L')",
    "lstsq": "`torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n`torch.linalg.lstsq` has reversed "
             "arguments and does not return the QR decomposition in the returned tuple (although it returns other "
             "information about the problem).\n\nTo get the QR decomposition consider using `torch.linalg.qr`.\n\n"
             "The returned solution in `torch.lstsq` stored the residuals of the solution in the last m - n columns "
             "of the returned value whenever m > n. In torch.linalg.lstsq, the residuals are in the field "
             "'residuals' of the returned named tuple.\n\nThe unpacking of the solution, as in\nX, _ = "
             "torch.lstsq(B, A).solution[:A.size(1)]\nshould be replaced with:\nX = torch.linalg.lstsq(A, B).solution",
    "solve": "`torch.solve` is deprecated in favor of `torch.linalg.solve`. `torch.linalg.solve` has its arguments "
             "reversed and does not return the LU factorization.\n\nTo get the LU factorization see `torch.lu`, "
             "which can be used with `torch.lu_solve` or `torch.lu_unpack`.\nX = torch.solve(B, A).solution should "
             "be replaced with:\nX = torch.linalg.solve(A, B)",
}


def _removed_method(name, message):
    def removed(self, *args, **kwargs):
        raise RuntimeError(_REMOVED + message)
    removed.__name__ = name
    return removed


for _name, _message in _REMOVED_METHODS.items():
    op(name=_name, forms="Tensor")(_removed_method(_name, _message))


# ---- matrix norms and the condition number (built on svdvals for 2, -2 and 'nuc') -------------

def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """ATen's linalg_matrix_norm: 'fro' a vector 2-norm, 'nuc' and +-2 from the singular values,
    +-1 (+-inf) the largest/smallest absolute column (row) sum."""
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    dim = tuple(dim)
    if len(dim) != 2:
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(map(str, dim))}")
    d0, d1 = (wrap_dim(d, A.dim()) for d in dim)
    if ord == "fro":
        return R._vector_norm(A, 2, (d0, d1), keepdim)
    if ord == "nuc" or ord in (2, -2):
        values = svdvals(S.movedim(A, (d0, d1), (-2, -1)))
        out = values.sum(-1) if ord == "nuc" else values.amax(-1) if ord == 2 else values.amin(-1)
        if keepdim:
            out = S.unsqueeze(S.unsqueeze(out, min(d0, d1)), max(d0, d1))
        return out
    if ord in (1, -1, math.inf, -math.inf):
        if abs(ord) == math.inf:
            d0, d1 = d1, d0
        sums = R._vector_norm(A, 1.0, (d0,), keepdim)
        if not keepdim and d0 < d1:
            d1 -= 1
        return sums.amax(d1, keepdim) if ord > 0 else sums.amin(d1, keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


@op(name="nuclear_norm", forms="torch")
def nuclear_norm(input, dim=(-2, -1), keepdim=False):
    warn_once("at::nuclear_norm is deprecated and it is just left for JIT compatibility. It will be removed in a "
              "future PyTorch release. Please use `linalg.matrix_norm(A, 'nuc', dim, keepdim)` instead (Triggered "
              "internally at /__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:3229.)")
    return matrix_norm(input, "nuc", dim, keepdim)


@op(name="frobenius_norm.dim", forms="torch")
def frobenius_norm(input, dim, keepdim=False):
    warn_once("at::frobenius_norm is deprecated and it is just left for JIT compatibility. It will be removed in a "
              "future PyTorch release. Please use `linalg.vector_norm(A, 2., dim, keepdim)` instead (Triggered "
              "internally at /__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:3175.)")
    return R.norm_dim(input, 2, tuple(wrap_dim(d, input.dim()) for d in dim), keepdim)


def cond(A, p=None):
    """The condition number: largest over smallest singular value (p None or +-2), else
    norm(A, p) * norm(inv(A), p)."""
    if A.dim() < 2:
        raise RuntimeError("linalg.cond: The input tensor A must have at least 2 dimensions.")
    if p is None or p in (2, -2):
        values = svdvals(A)
        first, last = values.narrow(-1, 0, 1).squeeze(-1), values.narrow(-1, values._shape[-1] - 1, 1).squeeze(-1)
        return first / last if p != -2 else last / first
    _check_square(A, "linalg.cond")
    return matrix_norm(A, p) * matrix_norm(inv(A), p)


# ---- torch.cholesky, cholesky_solve, cholesky_inverse, triangular_solve; solve_ex, tensorinv ----

@op("CholeskyBackward0", name="cholesky", forms="torch Tensor",
    self=lambda grad, upper, result: _cholesky_backward(grad, result, upper))
def cholesky_legacy(self, upper=False):
    warn_once("torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future "
              "PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\nand\n"
              "U = torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH\nThis "
              "transform will produce equivalent results for all valid (symmetric positive definite) inputs. "
              "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:1765.)")
    _check_square(self, "linalg.cholesky")
    return _cholesky.forward(self, upper)


def _cholesky_solve_backward(grad, self, input2, upper, result, which):
    grad_self = cholesky_solve(grad, input2, upper)
    if which == 0:
        return grad_self
    common = grad_self @ S.mT(result)
    common = common + S.mT(common)
    return -(input2 @ common) if upper else -(common @ input2)


def _factor_product_tangent(L, L_t, upper):
    """The tangent of A = L L^T (U^T U with upper) along L_t."""
    return S.mT(L_t) @ L + S.mT(L) @ L_t if upper else L_t @ S.mT(L) + L @ S.mT(L_t)


def _triangular_solve_jvp(self_t, A_t, A, upper, transpose, unitriangular, result):
    """op(A) X = B: dX = op(A)^-1 (dB - op(dA) X), dA restricted to the triangle A's solve reads."""
    k = 1 if unitriangular else 0
    read = A_t.triu(k) if upper else A_t.tril(-k)
    X = result[0]
    return (_triangular_solve(self_t - (S.mT(read) if transpose else read) @ X, A, upper, transpose, unitriangular)[0],
            A_t.clone())


@op("CholeskySolveBackward0", name="cholesky_solve",
    result=lambda self_t, input2_t, input2, upper, result: cholesky_solve(self_t - _factor_product_tangent(input2, input2_t, upper) @ result, input2, upper), forms="torch Tensor",
    self=lambda grad, self, input2, upper, result: _cholesky_solve_backward(grad, self, input2, upper, result, 0),
    input2=lambda grad, self, input2, upper, result: _cholesky_solve_backward(grad, self, input2, upper, result, 1))
def cholesky_solve(self, input2, upper=False):
    """A^-1 self for A = L L^T (input2 = L) or U^T U (upper): two triangular solves."""
    n = input2._shape[-1]
    if self._shape[-2] != n:
        raise RuntimeError(f"Incompatible matrix sizes for cholesky_solve: each A matrix is {n} by {n} but each b "
                           f"matrix is {self._shape[-2]} by {self._shape[-1]}")
    factor, b = input2.detach(), self.detach()
    low = S.mT(factor) if upper else factor
    y = solve_triangular(low, b, upper=False)
    return solve_triangular(S.mT(low), y, upper=True)


def _cholesky_inverse_backward(grad, self, upper, result):
    common = result @ ((grad + S.mT(grad)) @ result)
    return -(self @ common) if upper else -(common @ self)


@op("CholeskyInverseBackward0", name="cholesky_inverse",
    result=lambda self_t, self, upper, result: -(result @ (_factor_product_tangent(self, self_t, upper) @ result)), forms="torch Tensor",
    self=lambda grad, self, upper, result: _cholesky_inverse_backward(grad, self, upper, result))
def cholesky_inverse(self, upper=False):
    """(L L^T)^-1 for the Cholesky factor L (U^T U with upper)."""
    n = self._shape[-1]
    return cholesky_solve.forward(eye(n, dtype=self.dtype).expand(self._shape), self, upper)


def _triangular_solve_backward(grads, self, A, upper, transpose, unitriangular, result, which):
    grad_x, grad_m = grads
    solution = result[0]
    if grad_x is None:
        return grad_m if which == 1 else self * 0
    grad_b = _triangular_solve(grad_x, A, upper, not transpose, unitriangular)[0]
    if which == 0:
        return grad_b
    grad_a = -(solution @ S.mT(grad_b)) if transpose else -(grad_b @ S.mT(solution))
    grad_a = grad_a.triu(int(unitriangular)) if upper else grad_a.tril(-int(unitriangular))
    return grad_a + grad_m if grad_m is not None else grad_a


@op("TriangularSolveBackward0", name="triangular_solve", packs="A self solution=result0",
    result=_triangular_solve_jvp,
    self=lambda grads, self, A, upper, transpose, unitriangular, result: _triangular_solve_backward(
        grads, self, A, upper, transpose, unitriangular, result, 0),
    A=lambda grads, self, A, upper, transpose, unitriangular, result: _triangular_solve_backward(
        grads, self, A, upper, transpose, unitriangular, result, 1))
def _triangular_solve(self, A, upper, transpose, unitriangular):
    factor, b = A.detach(), self.detach()
    if transpose:
        factor, upper = S.mT(factor), not upper
    return return_types.triangular_solve((solve_triangular(factor, b, upper=upper, unitriangular=unitriangular),
                                          A.detach().clone()))


@op(name="triangular_solve", forms="torch Tensor")
def triangular_solve(input, A, upper=True, transpose=False, unitriangular=False):
    warn_once("torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be removed "
              "in a future PyTorch release.\ntorch.linalg.solve_triangular has its arguments reversed and does not "
              "return a copy of one of the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced "
              "with\nX = torch.linalg.solve_triangular(A, B). (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2273.)")
    return _triangular_solve(input, A, upper, transpose, unitriangular)


def solve_ex(A, B, *, left=True, check_errors=False):
    """(solution, info): a singular matrix raises here, so info is always 0."""
    return return_types.linalg_solve_ex((solve(A, B, left=left), zeros(A._shape[:-2], dtype=_dtype.int32)))


def tensorinv(A, ind=2):
    """The inverse of A seen as a matrix (the first ``ind`` dims against the rest)."""
    rows, cols = math.prod(A._shape[:ind]), math.prod(A._shape[ind:])
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    if rows != cols:
        raise RuntimeError(f"Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), "
                           f"but got {cols} != {rows}")
    return inv(A.reshape(rows, cols)).reshape(A._shape[ind:] + A._shape[:ind])


def tensorsolve(A, B, dims=None):
    """X with tensordot(A, X, X.dim()) = B."""
    if dims is not None:
        rest = [d for d in range(A.dim()) if d not in [wrap_dim(x, A.dim()) for x in dims]]
        A = A.permute(rest + [wrap_dim(x, A.dim()) for x in dims])
    result_shape = A._shape[B.dim():]
    return solve(A.reshape(B.numel(), math.prod(result_shape)), B.reshape(B.numel())).reshape(result_shape)
