import torch
import torch.autograd.forward_ad as fwAD

x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
v = torch.tensor([1.0, 0.0, 0.5])
with fwAD.dual_level():
    d = fwAD.make_dual(x, v)
    print(d)  # the primal's history: a view of x
    p, t = fwAD.unpack_dual(d)
    print(p, t)
    y = (d.sin() * d).sum()
    print(y)
    jvp = fwAD.unpack_dual(y).tangent
    print(jvp)  # has a history: it depends on x
    # reverse over forward, inside the level: the gradient of the jvp (a Hessian-vector product)
    inner, = torch.autograd.grad(jvp, x, retain_graph=True)
    print(inner)
    # the tangent can require grad too
    tt = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)
    d2 = fwAD.make_dual(x.detach(), tt)
    out = (d2 ** 3).sum()
    print(out)
    g, = torch.autograd.grad(fwAD.unpack_dual(out).tangent, tt)
    print(g)
    # forward over reverse: a gradient built inside the level carries a tangent
    d3 = fwAD.make_dual(x, v)
    grad, = torch.autograd.grad((d3 ** 3).sum(), d3, create_graph=True)
    print(grad)
    print(fwAD.unpack_dual(grad).tangent)
    # backward through a dual output fills .grad as usual
    x.grad = None
    (fwAD.make_dual(x, v) * 2).sum().backward()
    print(x.grad)
# reverse over forward: the gradient of the jvp is a Hessian-vector product
hvp, = torch.autograd.grad(jvp, x)
print(hvp)
