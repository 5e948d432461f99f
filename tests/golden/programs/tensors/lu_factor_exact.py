# LU with partial pivoting (LAPACK's getrf, rounded step by step as PyTorch's CPU kernel):
# factors, pivots, infos, P/L/U, the legacy names and their errors, byte for byte.
import torch
import warnings

torch.manual_seed(0)
A = torch.tensor([[1., 2, 3], [4, 5, 6], [7, 8, 10]], requires_grad=True)
LU, pivots = torch.linalg.lu_factor(A)
print(LU, pivots, LU.grad_fn.name())
print(torch.linalg.lu_factor_ex(A))
P, L, U = torch.linalg.lu(A)
print(P, L, U, L.grad_fn.name(), P.requires_grad)
print(torch.lu_unpack(LU, pivots), torch.lu_unpack(LU, pivots, unpack_data=False).P)
print(torch.lu_unpack(LU, pivots, unpack_pivots=False).P)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.lu(A), A.lu(get_infos=True))
print(str(caught[0].message).splitlines()[0])
# singular matrices: info names the first zero pivot; the non-_ex forms raise
print(torch.linalg.lu_factor_ex(torch.tensor([[1., 2], [2, 4]])))
print(torch.linalg.lu_factor_ex(torch.zeros(2, 3)))
batch = torch.stack([torch.eye(3), torch.tensor([[1., 2, 3], [2, 4, 6], [1, 1, 1]])])
print(torch.linalg.lu_factor_ex(batch))
# rectangular and batched, float32 and float64 (random values exercise the rounding)
print(torch.linalg.lu(torch.ones(2, 3)), torch.linalg.lu(torch.ones(3, 2)))
for shape in [(2, 2), (4, 4), (5, 5), (3, 5), (6, 2), (2, 3, 3), (7, 7)]:
    X = torch.randn(*shape)
    print(torch.linalg.lu_factor(X), torch.linalg.lu_factor(X.double()).LU)
print(torch.linalg.lu_factor(torch.empty(0, 0)), torch.linalg.lu(torch.ones(2, 0, 3)))
b = torch.tensor([[1.], [2], [3]], requires_grad=True)
x = torch.linalg.lu_solve(LU, pivots, b)
print(x, x.grad_fn.name(), torch.linalg.lu_solve(LU, pivots, torch.ones(2, 3, 1)).shape)
print(torch.linalg.lu_solve(LU, pivots, b.T, left=False), torch.linalg.lu_solve(LU, pivots, b, adjoint=True))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.lu_solve(b, LU, pivots), b.lu_solve(LU, pivots))
print(str(caught[0].message).splitlines()[0])
out = (torch.empty(0), torch.empty(0, dtype=torch.int32))
print(torch.linalg.lu_factor(A.detach(), out=out), out[1])
solution = torch.empty(3, 1)
print(torch.linalg.lu_solve(LU.detach(), pivots, b.detach(), out=solution) is solution, solution)
for call in (lambda: torch.linalg.lu_factor(A, out=out), lambda: torch.linalg.lu_factor(torch.ones(3)), lambda: torch.linalg.lu_factor(torch.ones(2, 2).long()),
             lambda: torch.linalg.lu_solve(LU, pivots, torch.ones(2, 2)),
             lambda: torch.linalg.lu_solve(LU, pivots, torch.ones(3)), lambda: torch.linalg.lu_factor(torch.ones(3, 2)),
             lambda: torch.linalg.lu(torch.ones(3)), lambda: torch.linalg.lu_solve(torch.ones(3, 2), pivots, b),
             lambda: torch.lu_unpack(LU, pivots.long()), lambda: torch.linalg.lu(A, pivot=False),
             lambda: torch.linalg.lu_factor(batch), lambda: torch.linalg.lu_factor_ex(batch, check_errors=True)):
    try:
        call()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
