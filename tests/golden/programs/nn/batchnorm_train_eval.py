import torch
from torch import nn
bn = nn.BatchNorm1d(2)
x = torch.tensor([[1.0, 2.0], [3.0, 6.0], [5.0, 10.0]])
print(bn(x))
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(x))
