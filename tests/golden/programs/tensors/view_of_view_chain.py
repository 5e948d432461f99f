import torch
x = torch.arange(8.0)
a = x.view(2, 4)
b = a[:, 1:3]
c = b.t()
c[0, 1] = 50
print(x)
print(b.storage_offset(), b.stride(), c.stride())
