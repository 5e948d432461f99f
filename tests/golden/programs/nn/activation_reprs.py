import torch
from torch import nn
for act in [nn.ReLU(), nn.LeakyReLU(), nn.LeakyReLU(0.2), nn.ELU(), nn.GELU(), nn.GELU(approximate='tanh'), nn.SiLU(),
            nn.Sigmoid(), nn.Tanh(), nn.Softmax(dim=1), nn.LogSoftmax(dim=-1), nn.Softplus(), nn.ReLU(inplace=True)]:
    print(act)
