import torch
import torch.autograd.forward_ad as fwAD


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = x.exp()
        ctx.save_for_backward(result)
        ctx.save_for_forward(result)
        print("forward sees a plain tensor:", fwAD.unpack_dual(x).tangent)
        return result

    @staticmethod
    def backward(ctx, grad):
        result, = ctx.saved_tensors
        return grad * result

    @staticmethod
    def jvp(ctx, x_t):
        result, = ctx.saved_tensors
        return x_t * result


class ScaledPair(torch.autograd.Function):
    @staticmethod
    def forward(x, y, scale):
        return x * y * scale, x + y

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, y, scale = inputs
        ctx.save_for_forward(x, y)
        ctx.scale = scale

    @staticmethod
    def backward(ctx, grad_product, grad_sum):
        return None, None, None

    @staticmethod
    def jvp(ctx, x_t, y_t, scale_t):
        x, y = ctx.saved_tensors
        print("tangents in:", x_t, y_t, scale_t)
        return (x_t * y + x * y_t) * ctx.scale, x_t + y_t


x = torch.tensor([0.0, 1.0, 2.0])
with fwAD.dual_level():
    d = fwAD.make_dual(x, torch.tensor([1.0, 1.0, 0.5]))
    print(Exp.apply(d))
    print(Exp.apply(x))  # no tangent in: jvp is not called
    product, total = ScaledPair.apply(d, torch.tensor([2.0, 3.0, 4.0]), 10.0)
    print(product)
    print(total)
    r = torch.tensor([0.0, 1.0], requires_grad=True)
    out = Exp.apply(fwAD.make_dual(r, torch.ones(2)))
    print(out)
    out.sum().backward()
    print(r.grad)
