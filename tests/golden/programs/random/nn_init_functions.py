import torch
from torch import nn
torch.manual_seed(0)
w = torch.empty(3, 4)
print(nn.init.uniform_(w, -0.1, 0.1))
print(nn.init.normal_(w, 0, 0.01))
print(nn.init.constant_(w, 0.3))
print(nn.init.zeros_(w))
print(nn.init.ones_(w))
print(nn.init.eye_(torch.empty(3, 4)))
