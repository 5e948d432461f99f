# out= on torch.special's functions: the result written into out (resized when empty), dtype rules,
# and the autograd error named after the ATen op (none for functions without a derivative).
import torch

x = torch.tensor([0.25, 0.5, 1.5])
for name in ["erf", "erfcx", "expit", "gammaln", "log_ndtr", "ndtri", "i0e", "bessel_j0", "entr", "sinc", "round"]:
    out = torch.empty(0)
    result = getattr(torch.special, name)(x, out=out)
    print(name, result is out, out)
out = torch.empty(0)
print(torch.special.xlogy(x, 2.0, out=out), torch.special.zeta(x + 1, torch.tensor(2.0), out=torch.empty(0)))
print(torch.special.logsumexp(x, 0, out=torch.empty(0)), torch.special.polygamma(1, x, out=torch.empty(0)))
try:
    torch.special.erf(x, out=torch.empty(3, dtype=torch.int64))
except RuntimeError as e:
    print("RuntimeError:", e)
w = x.clone().requires_grad_()
for name in ["expit", "gammaln", "multigammaln", "erfcx", "xlog1py", "bessel_y0", "chebyshev_polynomial_t"]:
    fn = getattr(torch.special, name)
    args = {"multigammaln": (w + 2, 2), "xlog1py": (w, w), "chebyshev_polynomial_t": (w, 3)}.get(name, (w,))
    try:
        print(name, fn(*args, out=torch.empty(0)))
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
