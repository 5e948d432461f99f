import torch
from torch import nn
torch.manual_seed(0)
lin = nn.Linear(2, 1)
lin(torch.ones(1, 2)).sum().backward()
print(lin.weight.grad, lin.bias.grad)
lin.zero_grad()
print(lin.weight.grad, lin.bias.grad)
