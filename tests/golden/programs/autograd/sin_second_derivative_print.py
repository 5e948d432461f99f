import torch
x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = torch.sin(x).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
(h,) = torch.autograd.grad(g.sum(), x)
print(g)
print(h)
