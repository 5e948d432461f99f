import torch
x = torch.arange(12)
print(x.reshape(3, 4))
print(x.reshape(2, -1, 3).shape)
r = x.reshape(3, 4)
r[0, 0] = 99
print(x[0])
t = torch.arange(6).view(2, 3).t()
c = t.reshape(6)
c[0] = 42
print(t)
print(c)
print(torch.reshape(x, (4, 3))[1])
