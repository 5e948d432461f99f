import torch
from torch import nn
torch.manual_seed(0)
rnn = nn.RNN(2, 3)
for name, p in rnn.named_parameters():
    print(name, p.shape)
print(rnn.weight_ih_l0)
lstm = nn.LSTM(2, 2)
print([name for name, _ in lstm.named_parameters()])
print(lstm.weight_hh_l0)
gru = nn.GRU(1, 2)
print(gru.bias_ih_l0)
