import torch

torch.manual_seed(0)
M, v, b = torch.randn(3, 4), torch.randn(4), torch.randn(3)
print(torch.addmv(b, M, v), torch.addmv(b, M, v, beta=0.5, alpha=2), b.addmv(M, v, beta=0))
print(torch.addmv(torch.tensor(1.), M, v), torch.addmv(torch.tensor([float("nan")] * 3), M, v, beta=0))
x, y, C = torch.randn(3), torch.randn(2), torch.randn(3, 2)
print(torch.addr(C, x, y), torch.addr(C, x, y, beta=2, alpha=0.5), C.addr(x, y, beta=0))
print(torch.addr(torch.zeros(3, 2, dtype=torch.long), torch.tensor([1, 2, 3]), torch.tensor([4, 5])))
b1, b2, I = torch.randn(2, 3, 4), torch.randn(2, 4, 5), torch.randn(3, 5)
print(torch.baddbmm(torch.randn(2, 3, 5), b1, b2), torch.baddbmm(I, b1, b2, beta=0.5, alpha=2))
print(torch.addbmm(I, b1, b2), torch.addbmm(I, b1, b2, beta=0, alpha=3))
Mg, vg, bg = M.clone().requires_grad_(), v.clone().requires_grad_(), b.clone().requires_grad_()
out = torch.addmv(bg, Mg, vg, beta=0.5, alpha=2)
out.sum().backward()
print(out, Mg.grad, vg.grad, bg.grad)
b1g, Ig = b1.clone().requires_grad_(), I.clone().requires_grad_()
out = torch.addbmm(Ig, b1g, b2, alpha=2)
out.sum().backward()
print(out.grad_fn.name(), b1g.grad, Ig.grad)
out = torch.baddbmm(Ig, b1g, b2, beta=3)
out.sum().backward()
print(out.grad_fn.name(), b1g.grad, Ig.grad)
xg = x.clone().requires_grad_()
out = torch.addr(C, xg, y, alpha=3)
out.sum().backward()
print(out.grad_fn.name(), xg.grad)
t = torch.ones(3); t.addmv_(M, v); print(t)
t = torch.ones(3, 2); t.addr_(x, y); print(t)
t = torch.ones(2, 3, 5); t.baddbmm_(b1, b2); print(t)
t = torch.ones(3, 5); t.addbmm_(b1, b2); print(t)
for call in (lambda: torch.addmv(b, M, torch.randn(5)), lambda: torch.addmv(torch.randn(4), M, v),
             lambda: torch.addr(C, x, torch.randn(4)), lambda: torch.baddbmm(I, b1, torch.randn(2, 3, 5)),
             lambda: torch.addbmm(I, b1, torch.randn(3, 4, 5)), lambda: torch.addmv(b, M, v.double()),
             lambda: torch.addbmm(torch.randn(2, 2), b1, b2)):
    try:
        call()
    except RuntimeError as err:
        print(type(err).__name__, err)
x = torch.ones(3, requires_grad=True)
(x + 1).sum().backward()
(x * 2).sum().backward()
print(x.grad, x.grad.stride())
