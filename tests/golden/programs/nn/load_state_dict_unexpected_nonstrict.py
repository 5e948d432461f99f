import torch
from torch import nn
lin = nn.Linear(2, 2)
r = lin.load_state_dict({"weight": torch.zeros(2, 2), "extra": torch.ones(1)}, strict=False)
print(r)
print(r.missing_keys, r.unexpected_keys)
print(lin.weight)
