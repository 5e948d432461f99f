import torch
# hypot, logaddexp, copysign, float_power, sinc: values (full precision where PyTorch's kernel is
# correctly rounded), special points, nodes, gradients
a = torch.tensor([3.0, -0.0, 0.0, -2.5, 1e-3, float("inf"), float("nan"), 1e20], requires_grad=True)
b = torch.tensor([4.0, 1.0, -1.0, 0.0, -2.0, float("inf"), 2.0, 3e19], requires_grad=True)
print(torch.hypot(a, b).tolist(), torch.copysign(a, b).tolist(), a.float_power(2).dtype)
print(torch.logaddexp(a, b), torch.sinc(torch.tensor([0.0, 0.5, 1.0, -1.5, 2.25, 1e-8])))
print(torch.sinc(torch.tensor([0.0, 0.5, 1.0, -1.5, 2.25])).tolist(), torch.copysign(torch.tensor([1, -2]), -1.0))
x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
y = torch.tensor([1.5, 2.0, -0.5], requires_grad=True)
for name in ["hypot", "logaddexp", "copysign", "float_power"]:
    x.grad = y.grad = None
    out = getattr(torch, name)(x, y)
    out.sum().backward()
    print(name, out.grad_fn.name(), out.dtype, x.grad, y.grad)
x.grad = None
s = x.sinc()
s.sum().backward()
print("sinc", s.grad_fn.name(), s, x.grad)
print(x.float_power(3).grad_fn.name(), torch.float_power(2, y).grad_fn.name(), torch.tensor([2, 3]).float_power(2))
