import torch
from torch import nn
lin = nn.Linear(2, 1)
lin(torch.tensor([[1, 2]]))
