# golden: tolerance=6sig
# (LAPACK's potrs/trtrs bits are not reproduced: the engine solves in float64, rounded once)
import torch

S = torch.tensor([[4., 1, 2], [1, 3, 0.5], [2, 0.5, 5]], requires_grad=True)
b = torch.tensor([[1., 2], [0, 1], [3, -1]], requires_grad=True)
L = torch.cholesky(S)
print(L, torch.cholesky(S, upper=True))
x = torch.cholesky_solve(b, L)
print(x, x.grad_fn.name(), torch.cholesky_solve(b, L.mT, upper=True))
x.sum().backward()
print(S.grad, b.grad)
S.grad = None
L = torch.linalg.cholesky(S)
Li = torch.cholesky_inverse(L)
print(Li.grad_fn.name(), Li.diagonal(), Li.sum(), torch.cholesky_inverse(L.mT, upper=True).sum())
Li.sum().backward()
print(S.grad)
r = torch.triangular_solve(b, S.triu())
print(r, r.solution.grad_fn.name())
print(torch.triangular_solve(b, S.tril(), upper=False, transpose=True, unitriangular=True))
print(torch.linalg.solve_ex(S, b))
T = torch.eye(6).reshape(6, 2, 3) * 2 + 0.1 * torch.arange(36.).reshape(6, 2, 3) / 36
print(torch.linalg.tensorinv(T, ind=1).shape, torch.linalg.tensorinv(T, ind=1)[0])
A4 = torch.eye(6).reshape(2, 3, 2, 3) + 0.05
print(torch.linalg.tensorsolve(A4, torch.ones(2, 3)), torch.linalg.tensorsolve(A4, torch.ones(2, 3), dims=(0,)))
for call in (lambda: torch.cholesky_solve(b, torch.ones(2, 2)), lambda: torch.linalg.tensorinv(torch.ones(2, 3), ind=1)):
    try:
        call()
    except RuntimeError as err:
        print(type(err).__name__, err)
