import torch
x = torch.tensor([0.0, 0.5, -1.0, 2.0], requires_grad=True)
for f in [lambda: torch.xlogy(x, 2.0), lambda: torch.xlogy(x, -1.0), lambda: torch.xlogy(x, 0.0), lambda: torch.xlogy(2.0, x), lambda: torch.xlogy(0, x), lambda: x.copysign(-1.0), lambda: x.copysign(2),
          lambda: torch.xlogy(x, x.detach() + 1), lambda: x.xlogy(3), lambda: torch.xlogy(torch.arange(3), 2.0), lambda: torch.xlogy(2, torch.arange(3))]:
    y = f()
    print(y, type(y.grad_fn).__name__)
    if y.requires_grad:
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(g)
y = x.detach().clone(); y.xlogy_(2.0); print(y); y.copysign_(-2); print(y)
with torch.autograd.forward_ad.dual_level():
    d = torch.autograd.forward_ad.make_dual(x.detach() + 1, torch.ones(4))
    print(torch.autograd.forward_ad.unpack_dual(torch.xlogy(d, 2.0)).tangent, torch.autograd.forward_ad.unpack_dual(torch.xlogy(2.0, d)).tangent,
          torch.autograd.forward_ad.unpack_dual(d.copysign(-1.0)).tangent)
z = x.addcmul(x, x, value=2)
print(z.grad_fn._saved_value, [name for name in dir(z.grad_fn) if name.startswith("_saved_")])
x = torch.tensor([0.0, 0.5, -0.5, 2.0], requires_grad=True)
for f in [lambda: torch.special.xlog1py(x, 2.0), lambda: torch.special.xlog1py(x, -1.0), lambda: torch.special.xlog1py(x, -3.0), lambda: torch.special.xlog1py(2.0, x),
          lambda: torch.special.xlog1py(x, x.detach()), lambda: torch.special.xlog1py(torch.arange(3), 2), lambda: torch.special.xlog1py(3, torch.arange(3))]:
    y = f()
    print(y, type(y.grad_fn).__name__, {n: getattr(y.grad_fn, n) for n in dir(y.grad_fn) if n.startswith("_saved_") and not isinstance(getattr(y.grad_fn, n), torch.Tensor)})
    if y.requires_grad:
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(g)
