import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0])
f = (x ** 2).sum() * x[0] + (x[1] * x[2]) ** 2
(g,) = torch.autograd.grad(f, x, create_graph=True)
(hv,) = torch.autograd.grad(g, x, grad_outputs=v)
print(g)
print(hv)
