import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
ops = {
    "x + w": x + w, "x - w": x - w, "x * w": x * w, "x / w": x / w,
    "x + 1": x + 1, "1 + x": 1 + x, "x - 1": x - 1, "1 - x": 1 - x,
    "2 * x": 2 * x, "x / 2": x / 2, "2 / x": 2 / x, "-x": -x,
    "x ** 2": x ** 2, "x ** w": x ** w, "2 ** x": 2 ** x, "x.pow(0.5)": x.pow(0.5),
}
for name, out in ops.items():
    print(f"{name:12s}", type(out.grad_fn).__name__, out.grad_fn.name())
