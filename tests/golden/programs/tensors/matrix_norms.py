# golden: tolerance=6sig
# (2, -2, 'nuc' and cond come from singular values: float32 bits may differ from LAPACK's)
import torch

A = torch.tensor([[1., -2, 3], [4, 5, -6]], requires_grad=True)
inf = float("inf")
for ord in ["fro", "nuc", 1, -1, 2, -2, inf, -inf]:
    r = torch.linalg.matrix_norm(A, ord)
    print(ord, r, r.grad_fn.name(), torch.linalg.norm(A, ord), torch.linalg.matrix_norm(A, ord, keepdim=True).shape)
B = torch.arange(24.).reshape(2, 3, 4)
print(torch.linalg.matrix_norm(B, 1, dim=(0, 2)), torch.linalg.matrix_norm(B, inf, dim=(2, 0), keepdim=True),
      torch.linalg.matrix_norm(B, "nuc", dim=(1, 0)))
print(torch.linalg.norm(B, dim=(1, 2)), torch.linalg.norm(torch.tensor([3., 4.]), 1), torch.linalg.norm(B),
      torch.linalg.norm(A, 2, dim=1))
print(torch.nuclear_norm(A), torch.nuclear_norm(B, dim=(0, 1)), torch.frobenius_norm(A, (0, 1)))
torch.linalg.matrix_norm(A, "nuc").backward()
print(A.grad)
A.grad = None
torch.linalg.matrix_norm(A, 1).backward()
print(A.grad)
A.grad = None
torch.linalg.matrix_norm(A, -2).backward()
print(A.grad)
S = torch.tensor([[4., 1, 2], [1, 3, 0.5], [2, 0.5, 5]])
print(torch.linalg.cond(A.detach()), torch.linalg.cond(S), torch.linalg.cond(S, "fro"), torch.linalg.cond(S, 1),
      torch.linalg.cond(S, -2))
for call in (lambda: torch.linalg.matrix_norm(A, 3), lambda: torch.linalg.matrix_norm(torch.ones(3), 1),
             lambda: torch.linalg.norm(A, "nuc", dim=1), lambda: torch.linalg.matrix_norm(A, "abc")):
    try:
        call()
    except RuntimeError as err:
        print(type(err).__name__, err)
