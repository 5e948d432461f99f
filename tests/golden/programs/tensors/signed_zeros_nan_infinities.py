# Edge values through pointwise ops as PyTorch gives them: sign of nan is 0; clamp, hardtanh,
# maximum and minimum keep the input's own zero on a tie (-0. stays -0.); lgamma and digamma of
# infinities; cosh overflows to +inf on both sides; angle of real numbers.
import torch
import torch.nn.functional as F

nan, inf = float("nan"), float("inf")
for dtype in (torch.float32, torch.float64):
    x = torch.tensor([-0.0, 0.0, nan, 1.0, -1.0, 2.0, -0.0, 0.0, 0.5, 3.0], dtype=dtype)
    print(torch.sign(x), torch.sgn(x[:3]), torch.sign(torch.tensor(nan, dtype=dtype)))
    print(torch.clamp(x, min=0.0), torch.clamp(x, max=-0.0), torch.clamp(x, -0.0, 0.0))
    print(F.hardtanh(x, 0.0, 1.0), F.relu6(x[:2]), torch.clamp_min(x[:2], 0.0), torch.clamp_max(x[:2], -0.0))
    print(torch.maximum(x, torch.zeros_like(x)), torch.minimum(x, -torch.zeros_like(x)))
    print(torch.max(x[:2], torch.zeros(2, dtype=dtype)), torch.clamp(x[:2], torch.zeros(2, dtype=dtype)))
    print(torch.lgamma(torch.tensor([inf, -inf, -3.0, -0.0, 0.0], dtype=dtype)))
    print(torch.digamma(torch.tensor([inf, -inf, -3.0, -0.0, 0.0], dtype=dtype)))
    print(torch.cosh(torch.tensor([-1e30, 1e30, -800.0, 800.0], dtype=dtype)))
    print(torch.angle(x), x[:4].angle())
print(torch.angle(torch.tensor([1, -2, 0])), torch.angle(torch.tensor([True, False])))
w = torch.tensor([-1.0, 2.0, -0.0], requires_grad=True)
y = torch.angle(w) + torch.clamp(w, min=0.0)
print(y, y.grad_fn)
(y * -2).sum().backward()
print(w.grad)
# maximum's tie of zeros over longer rows: PyTorch's vector loop (16 float32 / 8 float64 lanes)
# gives other, its scalar tail self; strided operands take the scalar loop throughout.
for dtype in (torch.float32, torch.float64):
    a = torch.full((3, 20), -0.0, dtype=dtype)
    for b in (torch.zeros(3, 20, dtype=dtype), torch.zeros(20, dtype=dtype), torch.tensor(0.0, dtype=dtype)):
        print(torch.maximum(a, b).signbit().sum(1), torch.minimum(b, a).signbit().sum(1))
    print(torch.maximum(a.t().contiguous().t(), torch.zeros(3, 20, dtype=dtype)).signbit().sum(1))
    print(torch.clamp(a, torch.zeros(20, dtype=dtype)).signbit().sum(1), torch.clamp(a, 0.0).signbit().sum(1))
# threshold and relu let a nan through, forward and backward (x <= threshold is false for it)
w = torch.tensor([nan, 0.2, 0.7, 0.5], requires_grad=True)
y = F.threshold(w, 0.5, -1.0) + torch.relu(w - 0.6)
y.sum().backward()
print(y, w.grad)
