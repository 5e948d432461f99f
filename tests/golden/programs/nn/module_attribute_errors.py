import torch
from torch import nn
m = nn.Linear(2, 2)
try:
    m.missing
except AttributeError as e:
    print(e)
m(torch.ones(3))
