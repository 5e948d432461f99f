# Forward-over-forward: a jvp inside a jvp is forward-mode AD at two levels, each with its own
# tangent, as torch.func nests them; a program's own dual_level does not nest.
import torch
import torch.nn as nn
import torch.autograd.forward_ad as fwAD
from torch.func import jvp, jacfwd, jacrev, hessian

torch.manual_seed(0)
x = torch.randn(3)
u, v = torch.randn(3), torch.randn(3)


def f(x):
    return (x.sin() * x.exp()).sum() + (x ** 3).prod()


def df_u(x):
    return jvp(f, (x,), (u,))[1]


# second directional derivative u^T H v, forward-over-forward and against the Hessian
print(jvp(df_u, (x,), (v,)))
print(u @ hessian(f)(x) @ v)
print(jacfwd(jacfwd(f))(x))
print(torch.allclose(jacfwd(jacfwd(f))(x), jacrev(jacrev(f))(x)))


# what a tensor is inside each level
def inner(y):
    out, tangent = jvp(torch.tanh, (y,), (u,))
    print(out, tangent, sep="\n")
    return tangent


print(jvp(inner, (x,), (v,)))

# through a module and in-place ops on views
net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))


def g(x):
    h = net(x).clone()
    h[1:].mul_(h[:1])
    return h.exp()


print(jvp(lambda x: jvp(g, (x,), (u,))[1], (x,), (v,)))
print(jacfwd(jacfwd(g))(x).shape)

# three levels: a third derivative along u, v and w
w = torch.randn(3)
print(jvp(lambda x: jvp(lambda y: jvp(torch.sin, (y,), (u,))[1], (x,), (v,))[1], (x,), (w,))[1])
print(-torch.cos(x) * u * v * w)

# the misuse PyTorch refuses
with fwAD.dual_level():
    try:
        with fwAD.dual_level():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        fwAD.make_dual(x, u, level=1)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        fwAD.unpack_dual(x, level=1)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        jvp(torch.sin, (x,), (u,))
    except RuntimeError as e:
        print("RuntimeError:", e)


def own_level(x):
    with fwAD.dual_level():
        return x


try:
    jvp(own_level, (x,), (u,))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    fwAD.exit_dual_level()
except RuntimeError as e:
    print("RuntimeError:", e)
print(jvp(torch.sin, (x,), (u,)))
