import torch
from torch.func import vjp, vmap

torch.manual_seed(0)
x = torch.randn(3)
out, vjp_fn = vjp(torch.sin, x)
print(out)
print(vjp_fn(torch.ones(3)))
out, vjp_fn = vjp(lambda x, y: (x * y, x + y), x, torch.ones(3))
print(vjp_fn((torch.ones(3), torch.tensor([1.0, 2.0, 3.0]))))
out, vjp_fn, aux = vjp(lambda x: (x.exp(), x.sum()), x, has_aux=True)
print(out, aux)
print(vjp_fn(torch.ones(3)))
# the Jacobian, one row per unit vector, by vmap over vjp_fn
w = torch.randn(4, 3)
_, vjp_fn = vjp(lambda x: (w @ x).tanh(), x)
jac, = vmap(vjp_fn)(torch.eye(4))
print(jac)
print(torch.autograd.functional.jacobian(lambda x: (w @ x).tanh(), x))


def show(f):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


_, vjp_fn = vjp(lambda x: x * 2, torch.ones(3))
show(lambda: vjp_fn(torch.ones(4)))
show(lambda: vjp_fn((torch.ones(3),)))
show(lambda: vjp(lambda x: 2.0, torch.ones(3)))
show(lambda: vjp(lambda x: x, 1.0))
show(lambda: vjp(lambda x: x, torch.ones(2), has_aux=True))
