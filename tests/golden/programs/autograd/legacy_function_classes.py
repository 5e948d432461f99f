import torch
from torch.autograd.function import FunctionMeta, InplaceFunction, NestedIOFunction


class Twice(NestedIOFunction):
    def forward_extended(self, x):
        return x * 2

    def backward_extended(self, g):
        return g * 2


x = torch.ones(2, requires_grad=True)
f = Twice()
try:
    f(x)
except AttributeError as err:
    print("AttributeError:", err)
try:
    Twice.apply(x)
except AttributeError as err:
    print("AttributeError:", err)


class Triple(InplaceFunction):
    @staticmethod
    def forward(ctx, t):
        return t * 3

    @staticmethod
    def backward(ctx, g):
        return g * 3


print(Triple.apply(x), Triple(inplace=True).inplace, Triple().inplace)
print(type(torch.autograd.Function) is FunctionMeta, type(torch.autograd.Variable).__name__)
print(torch.autograd.NestedIOFunction is NestedIOFunction, torch.autograd.variable.Variable is torch.autograd.Variable)
print(torch.autograd.grad_mode.no_grad is torch.no_grad)
torch.autograd.set_multithreading_enabled(False)
print(torch.autograd.grad_mode.set_multithreading_enabled.__name__)
