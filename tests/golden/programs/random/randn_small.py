import torch
torch.manual_seed(0)
print(torch.randn(5))
print(torch.randn(3).tolist())
print(torch.randn(1).item())
