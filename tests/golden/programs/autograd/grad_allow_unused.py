import torch
a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
y = a * 3
print(torch.autograd.grad(y, [a, b], allow_unused=True))
print(torch.autograd.grad(a * 3, [a, b], allow_unused=True, materialize_grads=True))
