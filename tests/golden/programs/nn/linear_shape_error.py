import torch
from torch import nn
lin = nn.Linear(3, 5)
lin(torch.ones(4, 2))
