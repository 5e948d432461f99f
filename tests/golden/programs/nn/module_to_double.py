import torch
from torch import nn
torch.manual_seed(0)
m = nn.Linear(2, 2)
r = m.to(torch.float64)
print(r is m, m.weight.dtype, m.bias.dtype)
m.float()
print(m.weight.dtype)
m.to("cpu")
print(next(m.parameters()).device)
