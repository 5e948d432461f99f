import torch
from torch import nn
nn.CrossEntropyLoss()(torch.zeros(2, 3), torch.tensor([0.0, 1.0]))
