import torch
from torch import nn
x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
for act in [nn.ReLU(), nn.LeakyReLU(0.1), nn.ELU(), nn.GELU(), nn.SiLU(), nn.Sigmoid(), nn.Tanh(), nn.Softplus()]:
    print(type(act).__name__, act(x))
print(nn.Softmax(dim=0)(x))
print(nn.LogSoftmax(dim=0)(x))
