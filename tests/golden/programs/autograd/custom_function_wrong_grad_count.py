import torch

class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        return grad, grad

x = torch.tensor([1.0], requires_grad=True)
Bad.apply(x).sum().backward()
