import torch
from torch import nn
lin = nn.Linear(2, 2)
lin.requires_grad_(False)
print([p.requires_grad for p in lin.parameters()])
lin.bias.requires_grad_(True)
print([p.requires_grad for p in lin.parameters()])
