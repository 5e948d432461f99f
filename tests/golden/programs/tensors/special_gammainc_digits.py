# golden: tolerance=6sig
# igamma/igammac (= special.gammainc/gammaincc): ATen's series and continued fraction step by step;
# where a is large and x near it, a float64 sum stands in for its asymptotic expansion
import torch

a = torch.tensor([0.5, 1.0, 2.5, 10.0, 25.0, 150.0, 400.0], dtype=torch.float64)[:, None]
x = torch.tensor([0.01, 0.3, 0.7, 1.5, 9.0, 30.0, 160.0, 390.0], dtype=torch.float64)
print(torch.igamma(a, x))
print(torch.special.gammaincc(a, x))
print(torch.special.gammainc(a.float(), x.float()[:6]).tolist())
print(torch.igammac(a.float()[:4], x.float()).tolist())
edges = torch.tensor([0.0, 0.0, 1.0, -1.0, 2.0, float("inf"), float("inf"), 3.0, float("nan")])
at = torch.tensor([0.0, 2.0, 0.0, 1.0, -1.0, 5.0, float("inf"), float("inf"), 1.0])
print(torch.igamma(edges, at), torch.igammac(edges, at))
t = torch.tensor([1.0, 2.0, 3.0])
print(t.igamma(torch.tensor(2.0)), t.igammac(torch.tensor([0.5, 1.0, 4.0])))
t.igamma_(torch.tensor([1.0, 1.0, 1.0]))
u = torch.tensor([1.0, 2.0], dtype=torch.float64)
u.igammac_(torch.tensor([3.0, 0.5], dtype=torch.float64))
print(t, u)
s = torch.tensor([2.0, 3.0], dtype=torch.float64, requires_grad=True)
z = torch.tensor([1.5, 4.0], dtype=torch.float64, requires_grad=True)
for f in (torch.igamma, torch.special.gammaincc):
    out = f(s.detach(), z)
    g, = torch.autograd.grad(out.sum(), z)
    print(out.grad_fn.name(), g.tolist())
    try:
        f(s, z).sum().backward()
    except NotImplementedError as e:
        print("NotImplementedError:", e)
for bad in (lambda: torch.igamma(torch.tensor([1, 2]), torch.tensor([1, 2])),
            lambda: torch.special.gammainc(torch.tensor([1.0]), 2.0)):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
