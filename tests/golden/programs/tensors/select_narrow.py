import torch
x = torch.arange(12).view(3, 4)
print(x.select(0, 1))
print(x.select(1, -1))
print(x.narrow(1, 1, 2))
n = x.narrow(0, 0, 2)
n[0, 0] = 100
print(x[0])
