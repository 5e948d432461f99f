import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
torch.save(model.state_dict(), "model.pt")
torch.manual_seed(1)
fresh = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(torch.equal(fresh[0].weight, model[0].weight))
fresh.load_state_dict(torch.load("model.pt"))
print(torch.equal(fresh[0].weight, model[0].weight))
print(fresh[2].bias)
