import torch
from torch import nn
torch.manual_seed(0)
lin = nn.Linear(2, 2, dtype=torch.float64)
print(lin.weight)
lin2 = nn.Linear(2, 2).double()
print(lin2.weight.dtype)
