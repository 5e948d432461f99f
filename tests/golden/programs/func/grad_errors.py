import torch
from torch.func import grad, grad_and_value


def show(f):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.ones(3)
show(lambda: grad(lambda x: x * 2)(x))
show(lambda: grad(lambda x: 2.0)(x))
show(lambda: grad(lambda x: x.sum(), has_aux=True)(x))
show(lambda: grad(lambda x: (x.sum(), 1, 2), has_aux=True)(x))
show(lambda: grad(lambda x: x.sum(), argnums=1)(x))
show(lambda: grad(lambda x: x.sum(), argnums=())(x))
show(lambda: grad(lambda x: x.sum(), argnums=1.0)(x))
show(lambda: grad(lambda x: x.sum())(torch.ones(3, dtype=torch.long)))
show(lambda: grad(lambda x: x.sum())(1.0))
show(lambda: grad_and_value(lambda x: x)(x))
show(lambda: grad(lambda x: (x.sum(), {"n": 3}), has_aux=True)(x))
