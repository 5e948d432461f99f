import torch
from torch import nn
torch.manual_seed(0)
rnn = nn.RNN(2, 3, batch_first=True)
x = torch.randn(1, 4, 2)
out, h = rnn(x)
print(out.shape, h.shape)
print(out)
print(h)
