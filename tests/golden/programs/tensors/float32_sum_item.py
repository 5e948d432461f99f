import torch
x = torch.arange(100) / 3
print(x.dtype)
print(x.sum().item())
print(x.mean().item())
y = torch.linspace(0, 1, 1000)
print(y.sum().item(), y.mean().item())
print((y * y).sum().item())
