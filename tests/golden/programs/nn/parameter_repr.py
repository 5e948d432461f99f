import torch
from torch import nn
p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p)
print(repr(p))
print(type(p).__name__, isinstance(p, torch.Tensor))
q = nn.Parameter(torch.zeros(2), requires_grad=False)
print(q)
print((p * 2))
print(p.data)
