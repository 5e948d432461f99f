import torch
import torch.functional as F
print(sorted(F.__all__) == sorted(n for n in F.__all__ if hasattr(F, n)), len(F.__all__))
print(F.einsum is torch.einsum, F.meshgrid is torch.meshgrid, F.split is torch.split)
torch.manual_seed(0)
A = torch.randn(6, 4)
U, S, V = torch.svd_lowrank(A, q=3)
print(S)
print((U.abs() - torch.linalg.svd(A, full_matrices=False)[0][:, :3].abs()).abs().max() < 1e-4)
U, S, V = torch.pca_lowrank(A, q=2)
print(S, U.shape, V.shape)
print(F.atleast_2d(torch.tensor(1.0)), F.broadcast_shapes((2, 1), (1, 3)))
try:
    torch.pca_lowrank(A, q=9)
except ValueError as e:
    print(e)
