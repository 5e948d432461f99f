import torch
from torch import nn

def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.constant_(m.weight, 0.5)
        nn.init.zeros_(m.bias)
        print("init", m)

model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
model.apply(init_weights)
print(model(torch.tensor([[1.0, 2.0]])))
