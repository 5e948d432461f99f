import torch
from torch.func import grad

x = torch.randn(2, 3)
print(grad(lambda x: x.sum())(x).shape)
grad(lambda x: x.sum(0))(x)
