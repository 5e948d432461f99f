import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(16, 2)
y = x.sum(1, keepdim=True)
for step in range(10):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
print(f"{loss.item():.4f}")
print(model[2].weight)
