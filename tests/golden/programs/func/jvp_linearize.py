import torch
from torch.func import jvp, linearize, grad, vjp

torch.manual_seed(0)
x = torch.randn(3)
v = torch.randn(3)
out, tangent = jvp(torch.sin, (x,), (v,))
print(out, tangent)
print(torch.cos(x) * v)
out, tangent = jvp(lambda x, y: x * y, (x, torch.ones(3)), (v, torch.ones(3)))
print(tangent)
out, tangent, aux = jvp(lambda x: (x.exp(), x.sum()), (x,), (v,), has_aux=True)
print(tangent, aux)
print(torch.autograd.functional.jvp(torch.sin, x, v))
out, jvp_fn = linearize(torch.sin, x)
print(out)
print(jvp_fn(v))
print(jvp_fn(torch.ones(3)))


def f(x):
    return x.sin().sum()


print(jvp(grad(f), (x,), (v,))[1])  # Hessian-vector product, forward over reverse
_, vjp_fn = vjp(grad(f), x)
print(vjp_fn(v)[0])  # reverse over reverse
print(torch.autograd.functional.hvp(f, x, v)[1])


def show(fn):
    try:
        fn()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


show(lambda: jvp(torch.sin, x, v))
show(lambda: jvp(torch.sin, (x,), v))
show(lambda: jvp(torch.sin, (x,), (torch.ones(4),)))
show(lambda: jvp(torch.sin, (x,), (v, v)))
show(lambda: jvp(lambda x: 1.0, (x,), (v,)))
