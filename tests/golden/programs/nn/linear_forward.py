import torch
from torch import nn
torch.manual_seed(0)
lin = nn.Linear(3, 2)
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 0.0]])
y = lin(x)
print(y)
print(lin(torch.tensor([1.0, 0.0, 0.0])))
print(lin.weight.shape, lin.bias.shape, lin.in_features, lin.out_features)
