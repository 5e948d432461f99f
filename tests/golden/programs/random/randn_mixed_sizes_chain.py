import torch
torch.manual_seed(123)
print(torch.randn(15)[-1].item())
print(torch.randn(16)[0].item())
print(torch.randn(1).item())
print(torch.randn(17)[-1].item())
print(torch.rand(1).item())
