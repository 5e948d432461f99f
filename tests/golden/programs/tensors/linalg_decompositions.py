# golden: tolerance=6sig
# LAPACK's bits are not reproduced (the engine factors with its own float64 algorithms), and
# eigh/svd vectors are printed sign-free (abs, or products that do not depend on the signs).
# float64 throughout: float32 gradients through several products differ in the 5th digit.
import torch

torch.set_default_dtype(torch.float64)
A = torch.tensor([[2., 1, 0.5], [1, 3, 1], [0.25, 1, 4], [1., -0.5, 1]], requires_grad=True)
S3 = torch.tensor([[4., 1, 2], [1, 3, 0.5], [2, 0.5, 5]], requires_grad=True)
Q, R = torch.linalg.qr(A)
print(Q, R, Q.grad_fn.name())
print(torch.linalg.qr(A, mode="complete"), torch.linalg.qr(A, mode="r").R)
print(torch.linalg.qr(A.detach().T), torch.qr(A.detach())[1])
(Q.sum() + R.pow(2).sum()).backward()
print(A.grad)
A.grad = None
L, V = torch.linalg.eigh(S3)
print(L, V.abs(), L.grad_fn.name(), torch.linalg.eigvalsh(S3), torch.linalg.eigvalsh(S3, UPLO="U"))
(L * torch.tensor([1., 2, 3])).sum().backward()
print(S3.grad)
S3.grad = None
L, V = torch.linalg.eigh(S3)
(V.abs() * torch.arange(9.).reshape(3, 3)).sum().backward()
print(S3.grad)
S3.grad = None
U, Sv, Vh = torch.linalg.svd(A)
print(U.shape, Sv, Vh.shape, Sv.grad_fn.name(), U.abs(), Vh.abs())
print(torch.linalg.svd(A, full_matrices=False).S, torch.linalg.svdvals(A), torch.linalg.svdvals(A.T))
torch.linalg.svdvals(A).sum().backward()
print(A.grad)
A.grad = None
U, Sv, Vh = torch.linalg.svd(A, full_matrices=False)
((U @ Vh) * torch.arange(12.).reshape(4, 3)).sum().backward()
print(A.grad)
A.grad = None
u, s, v = torch.svd(A)
print(u.shape, s, v.shape, v.abs(), torch.svd(A, compute_uv=False))
P = torch.linalg.pinv(A)
print(P, torch.pinverse(A), P.grad_fn.name(), torch.linalg.pinv(torch.tensor([[1., 2], [2, 4]])))
P.sum().backward()
print(A.grad)
A.grad = None
E = torch.linalg.matrix_exp(S3 * 0.3)
print(E, torch.matrix_exp(torch.zeros(2, 2)), S3.matrix_exp().grad_fn.name())
(E * torch.arange(9.).reshape(3, 3)).sum().backward()
print(S3.grad)
b = torch.tensor([[1., 2], [0, 1], [3, 1], [1, 1]], requires_grad=True)
r = torch.linalg.lstsq(A, b)
print(r)
print(torch.linalg.lstsq(A, b, driver="gelsd"), torch.linalg.lstsq(A, b, driver="gels").rank)
r.solution.sum().backward()
print(A.grad, b.grad)
batch = torch.tensor([[[2., 1], [1, 3]], [[1., 2], [3, 4]]])
print(torch.linalg.svdvals(batch), torch.linalg.eigvalsh(batch), torch.linalg.qr(batch).R, torch.linalg.pinv(batch))
for call in (lambda: torch.linalg.eigh(A), lambda: torch.linalg.qr(torch.ones(3)),
             lambda: torch.linalg.svd(torch.ones(2, 2, dtype=torch.long)), lambda: torch.linalg.matrix_exp(A),
             lambda: torch.linalg.eigh(S3, UPLO="X"), lambda: torch.linalg.qr(A, mode="x"), lambda: A.eig(),
             lambda: A.lstsq(A)):
    try:
        call()
    except RuntimeError as err:
        print(type(err).__name__, err)
