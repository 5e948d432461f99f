import torch
from torch import nn
torch.manual_seed(1)
lin = nn.Linear(4, 3, bias=False)
print(lin)
print(lin.bias)
print(lin.weight)
print(lin(torch.ones(2, 4)))
