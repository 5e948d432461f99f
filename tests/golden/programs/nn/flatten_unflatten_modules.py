import torch
from torch import nn
x = torch.arange(24.0).view(2, 3, 4)
print(nn.Flatten()(x).shape)
print(nn.Flatten(0, 1)(x).shape)
print(nn.Unflatten(1, (2, 6))(nn.Flatten()(x)).shape)
print(nn.Identity()(x) is x)
print(nn.Flatten(0, 1)(torch.ones(5, 1)))
