import torch
x = torch.arange(6.0)
v = x.view(2, 3)
v[0, 1] = 100
print(x)
x[5] = -1
print(v)
v.mul_(2)
print(x)
print(v.is_contiguous(), v.stride())
