import torch
from torch.func import vmap, grad


def show(t):
    print(t)
    return t


x = torch.arange(6.0).reshape(2, 3)
vmap(show)(x)
vmap(show, in_dims=1)(x)
vmap(lambda t: show(t * 2))(x)
vmap(vmap(show))(x)
grad(lambda t: show(t).sum())(torch.ones(2))
grad(lambda t: show(t.sin()).sum())(torch.ones(2))
grad(grad(lambda t: show(t ** 3)))(torch.tensor(1.5))
vmap(grad(lambda t: show(t * t).sum()))(x)
vmap(lambda t: print(t.shape, t.dim(), t.size(0), t.dtype, len(t)) or t)(x)
