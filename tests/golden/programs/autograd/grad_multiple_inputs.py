import torch
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)
y = a * b + b ** 2
ga, gb = torch.autograd.grad(y, [a, b])
print(ga, gb)
print(type(torch.autograd.grad(a * b, (a,))).__name__)
