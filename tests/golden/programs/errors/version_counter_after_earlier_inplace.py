import torch

# b is saved at version 1 (changed in place before the product), then changed again
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 2
b.add_(1)
c = b * b
b.mul_(3)
try:
    c.sum().backward()
except RuntimeError as e:
    print(e)

# one saved tensor at version 0, the other at version 2; only the first is changed
x = torch.tensor([1., 2.], requires_grad=True)
p = x * 1
q = x * 1
q.add_(1)
q.add_(1)
r = p * q
p.sub_(1)
try:
    r.sum().backward()
except RuntimeError as e:
    print(e)

# a training step changes the weight in place; the next forward saves it at version 1
w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    w -= 0.1
print(w._version)
loss = (w * w).sum()
loss.backward()
print(w.grad)
with torch.no_grad():
    w -= 0.1
print(w._version)
