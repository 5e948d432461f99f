import torch
from torch import nn
layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
print(layers)
print(len(layers), type(layers[0]).__name__)
layers.append(nn.ReLU())
print(len(list(layers.parameters())))
d = nn.ModuleDict({"enc": nn.Linear(2, 4), "act": nn.Tanh()})
print(d)
print(list(d.keys()), "enc" in d)
print(d["act"])
