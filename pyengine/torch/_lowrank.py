"""torch.svd_lowrank and torch.pca_lowrank: a rank-q SVD from a randomised range finder (Halko et
al., Algorithms 4.4 and 5.1), drawing its random matrix from the default generator as PyTorch does."""
from . import _dtype
from ._ops.linalg import matmul
from ._ops.linalg_decompositions import qr as _linalg_qr, svd as _linalg_svd
from ._random_ops import randn


def _floating(dtype):
    return dtype if dtype in (_dtype.float16, _dtype.float32, _dtype.float64) else _dtype.float32


def get_approximate_basis(A, q, niter=2, M=None):
    """An orthonormal basis Q (q columns) of A's range, refined by ``niter`` subspace iterations."""
    niter = 2 if niter is None else niter
    R = randn(A.shape[-1], q, dtype=_floating(A.dtype))
    X = matmul(A, R)
    if M is not None:
        X = X - matmul(M, R)
    Q = _linalg_qr(X).Q
    for _ in range(niter):
        X = matmul(A.mH, Q)
        if M is not None:
            X = X - matmul(M.mH, Q)
        Q = _linalg_qr(X).Q
        X = matmul(A, Q)
        if M is not None:
            X = X - matmul(M, Q)
        Q = _linalg_qr(X).Q
    return Q


def svd_lowrank(A, q=6, niter=2, M=None):
    """(U, S, V) with A - M ~ U diag(S) V^H, of rank q."""
    q = 6 if q is None else q
    m, n = A.shape[-2:]
    if M is not None:
        M = M.broadcast_to(A.size())
    if m < n:  # the algorithm wants m >= n: work on the transpose
        A = A.mH
        if M is not None:
            M = M.mH
    Q = get_approximate_basis(A, q, niter=niter, M=M)
    B = matmul(Q.mH, A)
    if M is not None:
        B = B - matmul(Q.mH, M)
    U, S, Vh = _linalg_svd(B, full_matrices=False)
    V = Vh.mH
    U = Q.matmul(U)
    if m < n:
        U, V = V, U
    return U, S, V


def pca_lowrank(A, q=None, center=True, niter=2):
    """(U, S, V): the principal directions of A's rows (A centred first unless ``center=False``)."""
    m, n = A.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}")
    if not (niter >= 0):
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    if not center:
        return svd_lowrank(A, q, niter=niter, M=None)
    return svd_lowrank(A - A.mean(dim=(-2,), keepdim=True), q, niter=niter, M=None)
