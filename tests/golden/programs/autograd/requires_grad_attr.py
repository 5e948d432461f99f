import torch
x = torch.tensor([1.0, 2.0])
x.requires_grad = True
print(x)
r = x.requires_grad_(False)
print(r is x, x.requires_grad)
x.requires_grad_()
y = (x * x).sum()
y.backward()
print(x.grad)
