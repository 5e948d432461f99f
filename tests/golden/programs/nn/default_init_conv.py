import torch
from torch import nn
torch.manual_seed(0)
c1 = nn.Conv1d(2, 2, 3)
print(c1.weight)
print(c1.bias)
c2 = nn.Conv2d(1, 2, 2)
print(c2.weight)
print(c2.bias)
