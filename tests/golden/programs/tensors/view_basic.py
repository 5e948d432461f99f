import torch
x = torch.arange(6)
print(x.view(2, 3))
print(x.view(3, 2))
print(x.view(-1, 2))
print(x.view(2, -1).shape)
print(x.view(6, 1).shape)
print(torch.tensor(5.0).view(1))
print(x.view(1, 2, 3).view(-1))
