# Hurwitz zeta: Cephes' Euler-Maclaurin sum in float64, as ATen computes it for both dtypes
import torch

s = torch.tensor([0.5, 1.0, 1.5, 2.0, 3.0, 4.5, 10.0, 60.0, float("inf"), float("nan")], dtype=torch.float64)[:, None]
q = torch.tensor([-2.0, -1.5, 0.0, 0.25, 1.0, 2.0, 7.5, 100.0], dtype=torch.float64)
print(torch.special.zeta(s, q).tolist())
print(torch.special.zeta(s.float(), q.float()).tolist())
print(torch.special.zeta(2, torch.tensor([1, 2])), torch.special.zeta(torch.tensor([2.0, 3.0]), 1))
x = torch.tensor([1.5, 2.0], dtype=torch.float64, requires_grad=True)
for out in (torch.special.zeta(torch.tensor([2.0, 3.0], dtype=torch.float64), x), torch.special.zeta(3.0, x)):
    g, = torch.autograd.grad(out.sum(), x)
    print(out.grad_fn.name(), g.tolist())
for bad in (lambda: torch.special.zeta(x, 2.0), lambda: torch.special.zeta(x, x)):
    try:
        bad().sum().backward()
    except NotImplementedError as e:
        print(bad().grad_fn.name(), "NotImplementedError:", e)
try:
    torch.special.zeta(2.0, 1.0)
except TypeError as e:
    print("TypeError:", e)
