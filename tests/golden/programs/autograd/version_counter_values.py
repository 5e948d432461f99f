import torch
x = torch.tensor([1.0, 2.0])
print(x._version)
x.add_(1)
x[0] = 3
print(x._version)
y = x.view(2)
y.mul_(2)
print(x._version, y._version)
