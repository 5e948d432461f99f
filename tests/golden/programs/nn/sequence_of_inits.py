import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
for p in model.parameters():
    print(p)
