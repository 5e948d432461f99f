import torch
torch.manual_seed(0)
print(torch.randn(4, 5))
print(torch.rand(3, 3) * 100)
print(torch.randn(2, 3) * 1e-3)
print(torch.randn(3) * 1e5)
