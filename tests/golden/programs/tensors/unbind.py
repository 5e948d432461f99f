import torch
m = torch.arange(6).view(2, 3)
print(m.unbind())
print(torch.unbind(m, dim=1))
a, b = m
print(a, b)
print(list(m[0]))
