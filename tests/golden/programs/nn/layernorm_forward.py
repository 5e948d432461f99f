import torch
from torch import nn
ln = nn.LayerNorm(4)
x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 6.0]])
y = ln(x)
print(y)
y.sum().backward()
print(ln.weight.grad, ln.bias.grad)
