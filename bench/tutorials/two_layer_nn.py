# PyTorch's "Learning PyTorch with Examples": the two-layer network as nn.Sequential, updated by hand.
# Usage: two_layer_nn.py [steps] (default 500).
import sys

import torch

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 500
torch.manual_seed(0)
N, D_in, H, D_out = 64, 1000, 100, 10
x = torch.randn(N, D_in)
y = torch.randn(N, D_out)
model = torch.nn.Sequential(torch.nn.Linear(D_in, H), torch.nn.ReLU(), torch.nn.Linear(H, D_out))
loss_fn = torch.nn.MSELoss(reduction='sum')
learning_rate = 1e-4
for t in range(steps):
    y_pred = model(x)
    loss = loss_fn(y_pred, y)
    if t % 100 == 99 or t == steps - 1:
        print(t, loss.item())
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad
print([p.sum().item() for p in model.parameters()])
