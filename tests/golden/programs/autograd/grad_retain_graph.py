import torch
x = torch.tensor(3.0, requires_grad=True)
y = x ** 2
print(torch.autograd.grad(y, x, retain_graph=True))
print(torch.autograd.grad(y, x))
torch.autograd.grad(y, x)
