import torch
from torch import nn
torch.manual_seed(0)
lstm = nn.LSTM(2, 3)
x = torch.randn(5, 1, 2)
out, (h, c) = lstm(x)
print(out.shape, h.shape, c.shape)
print(h)
gru = nn.GRU(2, 3)
out, h = gru(x)
print(out[-1])
