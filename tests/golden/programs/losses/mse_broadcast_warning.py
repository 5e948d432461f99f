import torch
from torch import nn
pred = torch.ones(4, 1)
target = torch.zeros(4)
print(nn.MSELoss()(pred, target))
