import torch
from torch.autograd.functional import jacobian, hessian

torch.manual_seed(0)
x = torch.randn(3)
y = torch.randn(2)
f = lambda x: (x ** 3).sin()
print(jacobian(f, x, vectorize=True))
print(hessian(lambda x: (x ** 3).sum(), x, vectorize=True))
print(jacobian(lambda x, y: (x.sum() * y, x * 2), (x, y), vectorize=True))
print(jacobian(lambda x, y: x.exp(), (x, y), vectorize=True))
j = jacobian(lambda x: x.tanh(), x.requires_grad_(), vectorize=True, create_graph=True)
print(j.requires_grad, j.grad_fn is not None)
x = x.detach().requires_grad_()
out = (x ** 2).sin()
print(torch.autograd.grad(out, x, torch.eye(3), is_grads_batched=True, retain_graph=True))
print(torch.autograd.grad(out, x, torch.ones(4, 3), is_grads_batched=True, retain_graph=True)[0].shape)
