import torch
from torch import nn
lin = nn.Linear(2, 1)
lin(torch.ones(1, 2, dtype=torch.float64))
