import torch
from torch.utils.checkpoint import checkpoint


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x ** 3
        ctx.save_for_backward(x, y)
        return y

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        print("saved:", x, y, y.grad_fn)
        return grad * 3 * x ** 2


def pack(t):
    print("pack", t)
    return t


def unpack(t):
    print("unpack", t)
    return t


x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = Cube.apply(x)
y.sum().backward()
print(x.grad)
try:
    y.grad_fn.saved_tensors
except RuntimeError as err:
    print("RuntimeError:", err)

a = x.clone()
z = Cube.apply(a)
a.add_(1)
try:
    z.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

x.grad = None
out = checkpoint(lambda t: Cube.apply(t.sin()), x, use_reentrant=False)
out.sum().backward()
print(x.grad)
