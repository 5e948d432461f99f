import torch
torch.manual_seed(0)
x = torch.randn(16)
print(x)
print(x.tolist()[:4])
y = torch.randn(37)
print(y.tolist()[-5:])
print(torch.randn(100).sum().item())
