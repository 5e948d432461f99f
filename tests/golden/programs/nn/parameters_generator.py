import torch
from torch import nn
m = nn.Linear(2, 3)
ps = m.parameters()
print(type(ps).__name__)
print([tuple(p.shape) for p in ps])
print(list(ps))
print(len(list(m.parameters())), [n for n, _ in m.named_parameters()])
