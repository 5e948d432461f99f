import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
sd = model.state_dict()
print(type(sd).__name__)
print(list(sd.keys()))
for k, v in sd.items():
    print(k, v)
print(sd["0.weight"].requires_grad)
