# golden: tolerance=6sig
# erfcx and log_ndtr: float64 within a few ulp of ATen's (its Faddeeva Chebyshev table is not reproduced)
import torch

x = torch.tensor([-30.0, -26.0, -8.0, -3.5, -1.0, -0.25, 0.0, 1e-9, 0.3, 2.0, 7.5, 12.0, 40.0, 55.0, 1e3, 1e8,
                  float("inf"), float("-inf"), float("nan")], dtype=torch.float64)
print(torch.special.erfcx(x).tolist())
print(torch.special.erfcx(x.float()).tolist())
y = torch.tensor([-40.0, -12.0, -3.0, -1.0, -0.5, 0.0, 0.8, 3.0, 6.0, 9.0, float("inf"), float("nan")])
print(torch.special.log_ndtr(y.double()).tolist())
print(torch.special.log_ndtr(y).tolist())
print(torch.special.erfcx(torch.tensor([0, 1, -2])), torch.special.log_ndtr(torch.tensor([[-1], [2]])))
w = torch.tensor([-2.0, -0.5, 0.0, 1.5, 30.0], dtype=torch.float64, requires_grad=True)
for f in (torch.special.erfcx, torch.special.log_ndtr):
    out = f(w)
    g, = torch.autograd.grad(out.sum(), w)
    print(out.grad_fn.name(), g.tolist())
