import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 2
h.retain_grad()
y = (h ** 2).sum()
y.backward()
print(h.grad)
print(x.grad)
print(h.retains_grad, x.retains_grad)
