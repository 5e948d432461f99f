import torch
# more elementwise functions: values at special points, gradients; full precision where PyTorch's
# kernel is correctly rounded (its float32 asinh/atanh and float64 erfc are not: shown as printed)
x = torch.tensor([-3.5, -1.0, -0.75, -1e-3, 0.0, 0.3, 0.999, 1.0, 2.5, 40.0, 130.0, float("inf"), float("nan")])
for name in ["asinh", "acosh", "atanh", "exp2", "erfc", "deg2rad", "rad2deg"]:
    fn = getattr(torch, name)
    print(name, fn(x), fn(x.double()))
    if name in ("acosh", "exp2", "deg2rad", "rad2deg"):
        print("  ", fn(x).tolist(), fn(x.double()).tolist()[:6])
print(torch.exp2(torch.tensor([3, -2])), torch.deg2rad(torch.tensor([180])), torch.arcsinh(torch.tensor(1.0)))
y = x.clone()
y.asinh_()
print(y[:3])
g = torch.tensor([-0.6, 0.2, 1.5, 3.0], requires_grad=True)
for name in ["asinh", "acosh", "atanh", "exp2", "erfc", "deg2rad", "rad2deg"]:
    g.grad = None
    out = getattr(g, name)()
    out.sum().backward()
    print(name, out.grad_fn.name(), g.grad.tolist())
