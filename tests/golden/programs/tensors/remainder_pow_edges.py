import torch
# remainder, fmod and pow at infinities, nan and signed zeros (PyTorch's C semantics), both dtypes
inf, nan = float("inf"), float("nan")
vals = [inf, -inf, nan, 0.0, -0.0, 3e38, -3e38, 1.0, -2.5, 7.0]
for dtype in (torch.float32, torch.float64):
    a = torch.tensor(vals, dtype=dtype).repeat(len(vals))
    b = torch.tensor(vals, dtype=dtype).repeat_interleave(len(vals))
    for name in ["remainder", "fmod", "pow"]:
        out = getattr(a, name)(b)
        # float64 pow of huge bases can differ from PyTorch's libm in the last bit: shown rounded
        print(dtype, name, out if name == "pow" and dtype is torch.float64 else out.tolist())
print(torch.tensor([-0.0, -3.0]) % 2.0, torch.tensor([0.0, -0.0]) ** -1.0, torch.tensor([-2.0]) ** 0.5,
      torch.tensor([-8.0]) ** 3.0, torch.tensor([1e30]) ** 3.0, torch.tensor([-1e30]) ** 3.0)
x = torch.tensor([inf, -inf, nan, 1e38])
print(x.addcmul(x, x, value=2.0), x.lerp(-x, 0.3), x.half(), (x * x).sum(), x.var())
