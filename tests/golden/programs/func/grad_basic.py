import torch
from torch.func import grad, grad_and_value

x = torch.tensor([0.5, 1.0, 2.0])
print(grad(lambda x: (x ** 3).sum())(x))
print(grad(grad(lambda x: x.sin().sum() if x.dim() else x.sin()))(torch.tensor(0.3)))
print(grad(lambda x, y: (x * y).sum(), argnums=1)(x, torch.ones(3)))
gx, gy = grad(lambda x, y: (x * y ** 2).sum(), argnums=(0, 1))(x, torch.tensor([1.0, -1.0, 2.0]))
print(gx, gy)
g, aux = grad(lambda x: ((x ** 2).sum(), x.mean()), has_aux=True)(x)
print(g, aux)
g, value = grad_and_value(lambda x: x.exp().sum())(x)
print(g, value)
(g, (value, aux)) = grad_and_value(lambda x: (x.exp().sum(), {"n": x.max()}), has_aux=True)(x)
print(g, value, aux)
params = {"w": torch.tensor([1.0, 2.0]), "b": torch.tensor(0.5)}
print(grad(lambda p, v: (p["w"] * v).sum() + p["b"] ** 2)(params, torch.tensor([3.0, 4.0])))
print(grad(lambda x: torch.ones(()))(x))  # output not depending on x: zeros
# grad composes with ordinary autograd
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
g = grad(lambda x: (w * x ** 2).sum())(x)
print(g)
g.sum().backward()
print(w.grad)
# second derivative of a scalar function
f = lambda t: t ** 4
print(grad(grad(f))(torch.tensor(2.0)), grad(grad(grad(f)))(torch.tensor(2.0)))
