import torch
from collections import OrderedDict
from torch import nn
model = nn.Sequential(OrderedDict([("hidden", nn.Linear(2, 3)), ("act", nn.ReLU()), ("out", nn.Linear(3, 1))]))
print(model)
print(model.hidden)
print(list(model.state_dict().keys()))
