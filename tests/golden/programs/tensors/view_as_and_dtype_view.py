import torch
x = torch.arange(6)
y = torch.zeros(3, 2)
print(x.view_as(y))
print(x.view_as(y).dtype)
