import torch
from torch import nn
nn.Conv2d(3, 4, 3)(torch.ones(1, 1, 5, 5))
