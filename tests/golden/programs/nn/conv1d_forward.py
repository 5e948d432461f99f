import torch
from torch import nn
conv = nn.Conv1d(1, 2, 3, bias=False)
with torch.no_grad():
    conv.weight.copy_(torch.tensor([[[1.0, 0.0, -1.0]], [[0.5, 0.5, 0.5]]]))
x = torch.arange(6.0).view(1, 1, 6)
print(conv(x))
c2 = nn.Conv1d(1, 1, 2, stride=2, padding=1, bias=False)
nn.init.ones_(c2.weight)
print(c2(x))
