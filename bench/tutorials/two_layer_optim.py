# PyTorch's "Learning PyTorch with Examples": the two-layer network trained by torch.optim.
# Usage: two_layer_optim.py [steps] [sgd|adam] (default 500 steps, Adam as in the tutorial).
import sys

import torch

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 500
optimizer_name = sys.argv[2] if len(sys.argv) > 2 else "adam"
torch.manual_seed(0)
N, D_in, H, D_out = 64, 1000, 100, 10
x = torch.randn(N, D_in)
y = torch.randn(N, D_out)
model = torch.nn.Sequential(torch.nn.Linear(D_in, H), torch.nn.ReLU(), torch.nn.Linear(H, D_out))
loss_fn = torch.nn.MSELoss(reduction='sum')
if optimizer_name == "sgd":
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)
else:
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
for t in range(steps):
    y_pred = model(x)
    loss = loss_fn(y_pred, y)
    if t % 100 == 99 or t == steps - 1:
        print(t, loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print([p.sum().item() for p in model.parameters()])
