import torch
from torch import nn
torch.manual_seed(0)
e = nn.Embedding(4, 3)
print(e.weight)
p = nn.Embedding(4, 2, padding_idx=1)
print(p.weight)
ln = nn.LayerNorm(3)
print(ln.weight, ln.bias)
bn = nn.BatchNorm1d(2)
print(bn.weight, bn.bias, bn.running_mean, bn.running_var, bn.num_batches_tracked)
