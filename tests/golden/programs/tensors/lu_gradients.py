# golden: tolerance=6sig-line
# Gradients through lu_factor, linalg.lu (square, wide, tall), lu_unpack and lu_solve (each of
# left/adjoint): PyTorch's formulas, whose triangular solves round differently here, so a
# residue next to O(1) values may differ (printed without scientific notation).
import torch

torch.set_default_dtype(torch.float64)
torch.set_printoptions(sci_mode=False, precision=6)
A = torch.tensor([[1., 2, 3], [4, 5, 6], [7, 8, 10]], requires_grad=True)
LU, pivots = torch.linalg.lu_factor(A)
(LU.sum() + (LU * LU).sum()).backward()
print(A.grad)
A.grad = None
P, L, U = torch.linalg.lu(A)
((L * torch.arange(9.).reshape(3, 3)).sum() + U.pow(2).sum()).backward()
print(A.grad)
W = torch.tensor([[1., 2, 3, 4], [2, -1, 0, 1], [0.5, 3, 1, 2]], requires_grad=True)
P, L, U = torch.linalg.lu(W)
(L.sum() + U.pow(2).sum()).backward()
print(W.grad)
W.grad = None
P, L, U = torch.linalg.lu(W)
U.pow(2).sum().backward()
print(W.grad)
T = W.detach().T.clone().requires_grad_()
P, L, U = torch.linalg.lu(T)
(L.pow(2).sum() + U.sum()).backward()
print(T.grad)
T.grad = None
P, L, U = torch.linalg.lu(T)
L.pow(2).sum().backward()
print(T.grad)
b = torch.tensor([[1.], [2], [-3]], requires_grad=True)
LU, pivots = torch.linalg.lu_factor(A)
for left in (True, False):
    for adjoint in (True, False):
        A.grad = b.grad = None
        x = torch.linalg.lu_solve(LU, pivots, b if left else b.T, left=left, adjoint=adjoint)
        (x * torch.tensor([1., -2, 5]).reshape(x.shape)).sum().backward(retain_graph=True)
        print(x, A.grad, b.grad)
A.grad = None
P, L, U = torch.lu_unpack(LU, pivots)
(L.sum() * 2 + U.pow(2).sum()).backward()
print(A.grad)
