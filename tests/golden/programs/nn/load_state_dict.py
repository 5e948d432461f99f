import torch
from torch import nn
torch.manual_seed(0)
a = nn.Linear(3, 2)
b = nn.Linear(3, 2)
print(torch.equal(a.weight, b.weight))
result = b.load_state_dict(a.state_dict())
print(result)
print(torch.equal(a.weight, b.weight), torch.equal(a.bias, b.bias))
