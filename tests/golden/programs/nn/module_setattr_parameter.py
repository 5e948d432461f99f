import torch
from torch import nn
m = nn.Module()
m.w = nn.Parameter(torch.ones(2))
m.t = torch.ones(2)
m.sub = nn.Linear(1, 1)
print([n for n, _ in m.named_parameters()])
print(m)
del m.sub
print(m)
