# Symmetric indefinite LDL^T (LAPACK's sytf2, Bunch-Kaufman pivoting, rounded step by step as
# PyTorch's CPU kernel): factors and pivots bit for bit (printed at 10 digits), 1x1 and 2x2
# blocks, infos, batches; ldl_solve (printed at 4 digits: its last bit is MKL's); errors and
# the NotImplemented nodes.
import torch

torch.set_printoptions(precision=10)
A = torch.tensor([[4., 1, 2], [1, 3, 0.5], [2, 0.5, 5]], requires_grad=True)
print(torch.linalg.ldl_factor(A), torch.linalg.ldl_factor_ex(A))
B = torch.tensor([[0., 1, 2], [1, 0, 3], [2, 3, 0]])
C = torch.tensor([[1., 2, 3, 4], [2, -1, 0, 1], [3, 0, 2, -2], [4, 1, -2, 0.5]])
print(torch.linalg.ldl_factor(B), torch.linalg.ldl_factor(C), torch.linalg.ldl_factor(C, hermitian=True).pivots)
print(torch.linalg.ldl_factor(torch.stack([A.detach(), B])))
print(torch.linalg.ldl_factor_ex(torch.zeros(2, 2)))
torch.manual_seed(0)
for n in (2, 3, 5, 8):
    M = torch.randn(n, n)
    M = M + M.T
    print(torch.linalg.ldl_factor(M), torch.linalg.ldl_factor(M.double()))
torch.set_printoptions(precision=4)
LD, pivots = torch.linalg.ldl_factor(C)
b = torch.tensor([[1.5, 2], [2, -1], [3, 0.5], [4, 2]])
print(torch.linalg.ldl_solve(LD, pivots, b), torch.linalg.solve(C, b))
print(torch.linalg.ldl_solve(*torch.linalg.ldl_factor(torch.stack([A.detach(), B])), b[:3]))
x = torch.linalg.ldl_solve(*torch.linalg.ldl_factor(A), b[:3].requires_grad_())
print(x.grad_fn.name(), torch.linalg.ldl_factor(A).LD.grad_fn.name())
for call in (lambda: x.sum().backward(), lambda: torch.linalg.ldl_factor(A)[0].sum().backward(),
             lambda: torch.linalg.ldl_factor(torch.zeros(2, 2)), lambda: torch.linalg.ldl_factor(torch.ones(2, 3)),
             lambda: torch.linalg.ldl_factor(torch.ones(3)), lambda: torch.linalg.ldl_factor(torch.ones(2, 2).long()),
             lambda: torch.linalg.ldl_solve(LD, pivots, torch.ones(3, 1)),
             lambda: torch.linalg.ldl_factor_ex(torch.zeros(2, 2), check_errors=True)):
    try:
        call()
    except RuntimeError as e:
        print(e)
