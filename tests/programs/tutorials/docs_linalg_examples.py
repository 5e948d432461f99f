# Source: PyTorch documentation, the examples of torch.linalg.inv, det, slogdet, solve, cholesky and
#   solve_triangular (torch/linalg/__init__.py, https://github.com/pytorch/pytorch). Licence: BSD-3-Clause.
# Changed: the examples in one file, seeded; well-conditioned inputs (the docs use randn matrices).
import torch

torch.manual_seed(0)

A = torch.randn(4, 4) + 4 * torch.eye(4)
Ainv = torch.linalg.inv(A)
print(torch.dist(A @ Ainv, torch.eye(4)) < 1e-5)

A = torch.randn(2, 3, 4, 4) + 4 * torch.eye(4)  # Batch of matrices
Ainv = torch.linalg.inv(A)
print(torch.dist(A @ Ainv, torch.eye(4)) < 1e-5)

A = torch.tensor([[2., 1.], [1., 3.]])
print(torch.linalg.det(A), torch.linalg.slogdet(A).sign)
sign, logabsdet = torch.linalg.slogdet(torch.tensor([[0., 1.], [1., 0.]]))
print(sign, logabsdet)

A = torch.randn(3, 3) + 3 * torch.eye(3)
b = torch.randn(3)
x = torch.linalg.solve(A, b)
print(torch.allclose(A @ x, b, atol=1e-5))
B = torch.randn(3, 2)
X = torch.linalg.solve(A, B)
print(X.shape, torch.allclose(A @ X, B, atol=1e-5))

A = torch.randn(2, 2)
A = A @ A.mT + torch.eye(2)  # creates a symmetric positive-definite matrix
L = torch.linalg.cholesky(A)
print(torch.dist(L @ L.mT, A) < 1e-5)

A = torch.randn(3, 3).triu_() + 3 * torch.eye(3)
B = torch.randn(3, 4)
X = torch.linalg.solve_triangular(A, B, upper=True)
print(torch.allclose(A @ X, B, atol=1e-5))

A = torch.tensor([[4., 2.], [2., 3.]], requires_grad=True)
torch.linalg.det(A).backward()
print(A.grad)
