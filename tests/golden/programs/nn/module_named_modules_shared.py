import torch
from torch import nn
shared = nn.Linear(2, 2)
model = nn.Sequential(shared, nn.ReLU(), shared)
print(len(list(model.parameters())))
print([n for n, _ in model.named_modules()])
print(model)
