import torch
from torch import nn
torch.manual_seed(0)
b = nn.Bilinear(2, 2, 1)
print(b.weight)
print(b.bias)
print(b(torch.ones(3, 2), torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])))
