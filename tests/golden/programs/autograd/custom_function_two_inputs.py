import torch

class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale):
        ctx.save_for_backward(a, b)
        ctx.scale = scale
        print("needs_input_grad", ctx.needs_input_grad)
        return a * b * scale

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return grad * b * ctx.scale, grad * a * ctx.scale, None

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
out = MulAdd.apply(a, b, 10.0)
print(out)
out.sum().backward()
print(a.grad, b.grad)
print(out.grad_fn.next_functions)
