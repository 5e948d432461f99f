import torch
torch.manual_seed(7)
a = torch.randn(3)
b = torch.randn(3)
c = torch.randn(1)
print(a.tolist())
print(b.tolist())
print(c.tolist())
