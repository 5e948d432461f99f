# torch.cross / torch.linalg.cross: each component is fma(a_i, b_j, -(a_j * b_i)) as PyTorch computes it;
# dim defaults; the gradient through LinalgCrossBackward0.
import torch
torch.manual_seed(0)
a = torch.randn(200, 3); b = torch.randn(200, 3)
r = torch.linalg.cross(a, b)
print(r[:3], torch.cross(a[:2], b[:2], dim=1), torch.cross(a[:3].T, b[:3].T, dim=0).shape)
print(sum(r.flatten().tolist()))
import struct
print(r.flatten().tolist()[::37])
x = torch.randn(4, 3, requires_grad=True)
torch.linalg.cross(x, torch.ones(4, 3)).sum().backward()
