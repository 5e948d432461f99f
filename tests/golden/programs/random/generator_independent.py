import torch
torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
a = torch.rand(2)
b = torch.rand(2, generator=g)
c = torch.rand(2)
print(a, b, c)
print(torch.equal(a, b))
