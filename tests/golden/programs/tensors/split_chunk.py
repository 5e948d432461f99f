import torch
x = torch.arange(10)
print(torch.split(x, 3))
print(x.split([2, 3, 5]))
print(x.chunk(3))
print(torch.chunk(x, 4))
m = torch.arange(12).view(3, 4)
print(m.split(2, dim=1))
print(m.chunk(2, dim=0))
