import torch
from torch import nn
torch.manual_seed(0)
a = nn.Linear(2, 2)
b = nn.Linear(2, 1)
opt = torch.optim.SGD([{"params": a.parameters()}, {"params": b.parameters(), "lr": 0.01}], lr=0.1, momentum=0.9)
print(len(opt.param_groups))
for g in opt.param_groups:
    print(g["lr"], g["momentum"], len(g["params"]), sorted(k for k in g if k != "params"))
opt.param_groups[0]["lr"] = 0.5
print(opt.param_groups[0]["lr"])
