# Source: PyTorch documentation, "Extending PyTorch" (docs/source/notes/extending.rst,
#   https://github.com/pytorch/pytorch). Licence: BSD-3-Clause.
# Changed: the examples of the "Extending torch.autograd" section in one file, with prints of what
#   they compute; gradcheck on 5x4 and 3x4 inputs (not 20x20 and 30x20: run time); seeded.
import torch
from torch.autograd import Function, gradcheck

torch.manual_seed(0)


# Inherit from Function
class LinearFunction(Function):

    # Note that forward, setup_context, and backward are @staticmethods
    @staticmethod
    def forward(input, weight, bias):
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    # inputs is a Tuple of all of the inputs passed to forward.
    # output is the output of the forward().
    def setup_context(ctx, inputs, output):
        input, weight, bias = inputs
        ctx.save_for_backward(input, weight, bias)

    # This function has only a single output, so it gets only one gradient
    @staticmethod
    def backward(ctx, grad_output):
        # This is a pattern that is very convenient - at the top of backward
        # unpack saved_tensors and initialize all gradients w.r.t. inputs to
        # None. Thanks to the fact that additional trailing Nones are
        # ignored, the return statement is simple even when the function has
        # optional inputs.
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None

        # These needs_input_grad checks are optional and there only to
        # improve efficiency. If you want to make your code simpler, you can
        # skip them. Returning gradients for inputs that don't require it is
        # not an error.
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)

        return grad_input, grad_weight, grad_bias


# Option 1: alias
linear = LinearFunction.apply


class MulConstant(Function):
    @staticmethod
    def forward(tensor, constant):
        return tensor * constant

    @staticmethod
    def setup_context(ctx, inputs, output):
        # ctx is a context object that can be used to stash information
        # for backward computation
        tensor, constant = inputs
        ctx.constant = constant

    @staticmethod
    def backward(ctx, grad_output):
        # We return as many input gradients as there were arguments.
        # Gradients of non-Tensor arguments to forward must be None.
        return grad_output * ctx.constant, None


class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        # We wish to save dx for backward. In order to do so, it must
        # be returned as an output.
        dx = 3 * x ** 2
        result = x ** 3
        return result, dx

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        result, dx = output
        ctx.save_for_backward(x, dx)

    @staticmethod
    def backward(ctx, grad_output, grad_dx):
        x, dx = ctx.saved_tensors
        # In order for the autograd.Function to work with higher-order
        # gradients, we must add the gradient contribution of `dx`,
        # which is grad_dx * 6 * x.
        result = grad_output * dx + grad_dx * 6 * x
        return result


# Wrap MyCube in a function so that it is clearer what the output is
def my_cube(x):
    result, dx = MyCube.apply(x)
    return result


# gradcheck takes a tuple of tensors as input, check if your gradient
# evaluated with these tensors are close enough to numerical
# approximations and returns True if they all verify this condition.
input = (torch.randn(5, 4, dtype=torch.double, requires_grad=True),
         torch.randn(3, 4, dtype=torch.double, requires_grad=True))
test = gradcheck(linear, input + (None,), eps=1e-6, atol=1e-4)
print(test)

x = torch.randn(4, 3, requires_grad=True)
w = torch.randn(2, 3, requires_grad=True)
b = torch.randn(2, requires_grad=True)
y = linear(x, w, b)
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad, w.grad, b.grad)

z = MulConstant.apply(x, 2.5)
z.sum().backward()
print(z.grad_fn, x.grad)

c = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = my_cube(c)
g, = torch.autograd.grad(out.sum(), c, create_graph=True)
print(out, g)
gg, = torch.autograd.grad(g.sum(), c)
print(gg)
print(torch.autograd.gradgradcheck(my_cube, (torch.randn(3, dtype=torch.double, requires_grad=True),)))
