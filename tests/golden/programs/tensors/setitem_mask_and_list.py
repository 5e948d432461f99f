import torch
x = torch.arange(6.0)
x[x > 3] = 0
print(x)
x[[0, 2]] = torch.tensor([10.0, 20.0])
print(x)
m = torch.arange(9).view(3, 3)
m[m % 2 == 1] = -1
print(m)
m[[0, 2], [2, 0]] = 100
print(m)
m[torch.tensor([True, False, True])] = 0
print(m)
