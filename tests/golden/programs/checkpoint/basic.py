import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint, checkpoint_sequential

torch.manual_seed(0)


def block(x, w):
    print("block runs")
    return (x @ w).tanh().exp()


x = torch.randn(2, 3, requires_grad=True)
w = torch.randn(3, 3, requires_grad=True)
for reentrant in (None, True, False):
    print("use_reentrant", reentrant)
    x.grad = w.grad = None
    y = checkpoint(block, x, w) if reentrant is None else checkpoint(block, x, w, use_reentrant=reentrant)
    print(y.grad_fn)
    y.sum().backward()
    print(x.grad, w.grad)

ref = block(x, w).sum()
print(torch.autograd.grad(ref, (x, w)))
print(torch.autograd.grad(checkpoint(block, x, w, use_reentrant=False).sum(), (x, w)))
try:
    torch.autograd.grad(checkpoint(block, x, w, use_reentrant=True).sum(), (x, w))
except RuntimeError as err:
    print("RuntimeError:", err)

y = checkpoint(block, x, w, use_reentrant=False)
y.sum().backward(retain_graph=True)
y.sum().backward()
print(w.grad)

with torch.no_grad():
    print(checkpoint(block, x, w, use_reentrant=False).requires_grad)
z = checkpoint(block, x.detach(), w.detach(), use_reentrant=True)
print(z.requires_grad)


def two(a, b, scale=1.0):
    return a.sin() * scale, (b * 2).cos()


p, q = checkpoint(two, x, w, use_reentrant=False, scale=3.0)
(p.sum() + q.sum()).backward()
print(x.grad, w.grad)
try:
    checkpoint(two, x, w, use_reentrant=True, scale=3.0)
except ValueError as err:
    print("ValueError:", err)
try:
    checkpoint(block, x, w, use_reentrant=True, context_fn=lambda: None)
except ValueError as err:
    print("ValueError:", err)

model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 1))
out = checkpoint_sequential(model, 2, x)
out.sum().backward()
print(out, model[0].weight.grad)
out = checkpoint_sequential(model, 3, x, use_reentrant=False)
print(out)
try:
    checkpoint_sequential(model, 2, x, use_reentrant=False, foo=1)
except ValueError as err:
    print("ValueError:", err)
