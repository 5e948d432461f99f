import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2), nn.Softmax(dim=1))
print(model)
print(len(model))
print(model[0])
print(model[-1])
print(model[1:3])
print(type(model[:2]).__name__)
model.append(nn.Identity())
print(len(model))
