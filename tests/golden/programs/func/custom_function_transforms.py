import torch
from torch.func import vmap, grad, jacrev


class MySin(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x.sin()

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * x.cos()


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 10

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass

    @staticmethod
    def backward(ctx, g):
        return g * 10

    @staticmethod
    def vmap(info, in_dims, x):
        print("Scale.vmap", info.batch_size, info.randomness, in_dims, tuple(x.shape))
        return x * 10, in_dims[0]


class OldStyle(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.arange(6.0).reshape(2, 3)
print(vmap(MySin.apply)(x))
print(grad(lambda t: MySin.apply(t).sum())(x[0]))
print(vmap(grad(lambda t: MySin.apply(t).sum()))(x))
print(jacrev(MySin.apply)(x[0]))
print(vmap(Scale.apply)(x))
print(vmap(Scale.apply, in_dims=1)(x))
print(grad(lambda t: Scale.apply(t).sum())(x[0]))
for f in (lambda: vmap(OldStyle.apply)(x), lambda: grad(lambda t: OldStyle.apply(t).sum())(x[0]),
          lambda: vmap(type("NoRule", (MySin,), {"generate_vmap_rule": False}).apply)(x)):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
print(OldStyle.apply(x).sum())
