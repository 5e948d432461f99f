import torch
x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g)
(g2,) = torch.autograd.grad(g, x, create_graph=True)
print(g2)
(g3,) = torch.autograd.grad(g2, x)
print(g3)
