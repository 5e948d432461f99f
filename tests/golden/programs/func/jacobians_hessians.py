import torch
from torch.func import jacrev, jacfwd, hessian

torch.manual_seed(0)
w = torch.randn(3, 4)
x = torch.randn(4)


def f(x):
    return (w @ x).sin()


print(jacrev(f)(x))
print(jacfwd(f)(x))
print(torch.allclose(jacrev(f)(x), torch.autograd.functional.jacobian(f, x)))
jw, jx = jacrev(lambda w, x: (w @ x).sin(), argnums=(0, 1))(w, x)
print(jw.shape, jx.shape)
jw, jx = jacfwd(lambda w, x: (w @ x).sin(), argnums=(0, 1))(w, x)
print(jw.shape, jx.shape)
out = jacrev(lambda x: {"s": x.sum(), "p": x * 2})(x)
print(out["s"], out["p"].shape)
jac, aux = jacrev(lambda x: (x.exp(), x.max()), has_aux=True)(x)
print(jac.diagonal(), aux)
jac, aux = jacfwd(lambda x: (x.exp(), x.max()), has_aux=True)(x)
print(jac.diagonal(), aux)


def g(x):
    return (x ** 3).sum() + x[0] * x[1]


print(hessian(g)(torch.tensor([1.0, 2.0])))
print(torch.autograd.functional.hessian(g, torch.tensor([1.0, 2.0])))
print(jacrev(jacrev(g))(torch.tensor([1.0, 2.0])))
print(jacfwd(jacfwd(g))(torch.tensor([1.0, 2.0])))
print(jacrev(torch.sin)(torch.tensor(0.5)))
print(jacfwd(lambda x: x.sum())(torch.ones(2, 2)))
