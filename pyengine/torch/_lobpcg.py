"""torch.lobpcg: the k largest (or smallest) eigenpairs of a symmetric positive-definite A
(A x = lambda B x with B).

PyTorch iterates LOBPCG from a random start X until the residuals fall under tol; here the
eigenpairs come from linalg.eigh (B: through its Cholesky factor), which is where LOBPCG
converges. The random start is still drawn (torch.randn((m, n)) when X is not given), so the
generator's stream continues as in PyTorch. Eigenvectors are defined up to sign (LOBPCG's
depend on its start). As in PyTorch, a differentiable call goes through an autograd.Function
(LOBPCGAutogradFunctionBackward) on the symmetrised A; its derivative is that of the chosen
eigenpairs (eigh's, with zero gradients for the others), defined when B is not given.
"""
from ._ops.creation import zeros
from ._ops.joining import cat
from ._ops.linalg_decompositions import _eigh, _eigh_backward
from ._ops.linalg_solve import cholesky, solve_triangular
from ._random_ops import randn
from .autograd.function import Function


def _eigenpairs(A, B, k, largest):
    """(values, vectors) of the k largest (descending) or smallest (ascending) eigenvalues."""
    if B is None:
        values, vectors = _eigh.forward(A, "L")
    else:
        low = cholesky(B)
        reduced = solve_triangular(low, solve_triangular(low, A, upper=False).mT, upper=False)
        values, vectors = _eigh.forward(reduced, "L")
        vectors = solve_triangular(low.mT, vectors, upper=True)
    m = A.shape[-1]
    if largest:
        return values.narrow(-1, m - k, k).flip(-1), vectors.narrow(-1, m - k, k).flip(-1)
    return values.narrow(-1, 0, k), vectors.narrow(-1, 0, k)


def _lobpcg(A, k, B, X, n, largest):
    if A.shape[-2] != A.shape[-1]:
        raise AssertionError(f"A must be square, got shape {A.shape}")
    if B is not None and A.shape != B.shape:
        raise AssertionError(f"A and B must have the same shapes, got {A.shape} and {B.shape}")
    m = A.shape[-1]
    k = (1 if X is None else X.shape[-1]) if k is None else k
    n = (k if n is None else n) if X is None else X.shape[-1]
    if m < 3 * n:
        raise ValueError(f"LOBPCG algorithm is not applicable when the number of A rows (={m}) is smaller than 3 x "
                         f"the number of requested eigenpairs (={n})")
    if X is None:
        for _ in range(A[..., 0, 0].numel()):  # one random start per matrix
            randn((m, n), dtype=A.dtype)
    elif tuple(X.shape[-2:]) != (m, n):
        raise AssertionError(f"X shape mismatch: got {X.shape}, expected {(m, n)}")
    return _eigenpairs(A.detach(), None if B is None else B.detach(), k, True if largest is None else largest)


class LOBPCGAutogradFunction(Function):
    @staticmethod
    def forward(ctx, A, k=None, B=None, X=None, n=None, iK=None, niter=None, tol=None, largest=None, method=None,
                tracker=None, ortho_iparams=None, ortho_fparams=None, ortho_bparams=None):
        D, U = _lobpcg(A.contiguous(), k, B, X, n, largest)
        ctx.save_for_backward(A, B, D, U)
        ctx.largest = True if largest is None else largest
        return D, U

    @staticmethod
    def backward(ctx, D_grad, U_grad):
        A, B, D, U = ctx.saved_tensors
        if B is not None:
            raise ValueError("lobpcg.backward does not support backward with B != I yet.")
        values, vectors = _eigh.forward(A, "L")
        m, k = A.shape[-1], D.shape[-1]
        rest_values = zeros(D_grad.shape[:-1] + (m - k,), dtype=D_grad.dtype)
        rest_vectors = zeros(U_grad.shape[:-1] + (m - k,), dtype=U_grad.dtype)
        if ctx.largest:
            full = (cat([rest_values, D_grad.flip(-1)], -1), cat([rest_vectors, U_grad.flip(-1)], -1))
        else:
            full = (cat([D_grad, rest_values], -1), cat([U_grad, rest_vectors], -1))
        return (_eigh_backward(full, values, vectors),) + (None,) * 13


def lobpcg(A, k=None, B=None, X=None, n=None, iK=None, niter=None, tol=None, largest=None, method=None, tracker=None,
           ortho_iparams=None, ortho_fparams=None, ortho_bparams=None):
    if A._requires_grad or (B is not None and B._requires_grad):
        # PyTorch symmetrises first, so that the gradient is symmetric too
        A_sym = (A + A.mT) / 2
        B_sym = (B + B.mT) / 2 if B is not None else None
        return LOBPCGAutogradFunction.apply(A_sym, k, B_sym, X, n, iK, niter, tol, largest, method, tracker,
                                            ortho_iparams, ortho_fparams, ortho_bparams)
    return _lobpcg(A, k, B, X, n, largest)
