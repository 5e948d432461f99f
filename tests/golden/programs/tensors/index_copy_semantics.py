import torch
x = torch.arange(5)
a = x[[0, 1]]
a[0] = 100
print(x)
b = x[1:3]
b[0] = 100
print(x)
c = x[x > 2]
c[:] = 0
print(x)
