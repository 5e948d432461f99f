# Source: Dive into Deep Learning (d2l.ai), chapter_appendix-mathematics-for-deep-learning/
#   geometry-linear-algebraic-ops.md, PyTorch tab (https://github.com/d2l-ai/d2l-en).
#   Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: the plots and the Fashion-MNIST classifier section are left out (no downloads);
#   outputs printed.
import torch

# Define angle function
def angle(v, w):
    return torch.acos(v.dot(w) / (torch.norm(v) * torch.norm(w)))


print(angle(torch.tensor([0, 1, 2], dtype=torch.float32), torch.tensor([2.0, 3, 4])))

# Matrix of inverse of M and vector of the first-coordinate transformation
M = torch.tensor([[1, 2], [3, 4]], dtype=torch.float32)
M_inv = torch.tensor([[2, -1], [-0.5, 0.5]])
print(M_inv @ M)

v = torch.tensor([1, 2], dtype=torch.float32)
print(M @ v)
B = torch.tensor([[1, -1], [2, 3]], dtype=torch.float32)
print(torch.det(B))

M = torch.tensor([[1, 2], [1, 4]], dtype=torch.float32)
M_inv = torch.tensor([[2, -1], [-0.5, 0.5]])
print(M_inv @ M)
print(torch.linalg.inv(M))
print(torch.det(torch.tensor([[1, -1], [2, 3]], dtype=torch.float32)))

# Define tensors
B = torch.tensor([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]])
A = torch.tensor([[1, 2], [3, 4]])
v = torch.tensor([1, 2])

# Print out the shapes
print(A.shape, B.shape, v.shape)

# Reimplement matrix multiplication
print(torch.einsum("ij, j -> i", A, v), A @ v)
print(torch.einsum("ijk, il, j -> kl", B, A, v))
