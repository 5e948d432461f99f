# PyTorch's "Learning PyTorch with Examples": the two-layer network with autograd.
# Usage: two_layer_autograd.py [steps] (default 500).
import sys

import torch

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 500
torch.manual_seed(0)
N, D_in, H, D_out = 64, 1000, 100, 10
x = torch.randn(N, D_in)
y = torch.randn(N, D_out)
w1 = torch.randn(D_in, H, requires_grad=True)
w2 = torch.randn(H, D_out, requires_grad=True)
learning_rate = 1e-6
for t in range(steps):
    y_pred = x.mm(w1).clamp(min=0).mm(w2)
    loss = (y_pred - y).pow(2).sum()
    if t % 100 == 99 or t == steps - 1:
        print(t, loss.item())
    loss.backward()
    with torch.no_grad():
        w1 -= learning_rate * w1.grad
        w2 -= learning_rate * w2.grad
        w1.grad.zero_()
        w2.grad.zero_()
print(w1.sum().item(), w2.sum().item())
