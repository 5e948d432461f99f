import torch
import torch.nn.functional as F
torch.manual_seed(0)
a = torch.randn(100)
b = torch.randn(100)
print(F.mse_loss(a, b).item())
print(F.mse_loss(a, b, reduction='sum').item())
print(F.mse_loss(a.view(10, 10), b.view(10, 10)).item())
