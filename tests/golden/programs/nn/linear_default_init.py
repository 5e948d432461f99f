import torch
from torch import nn
torch.manual_seed(0)
lin = nn.Linear(2, 1)
print(lin.weight)
print(lin.bias)
print(lin)
