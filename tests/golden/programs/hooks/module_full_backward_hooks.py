import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
x = torch.randn(4, 3, requires_grad=True)


def pre_hook(module, grad_output):
    print("pre", type(module).__name__, [g.shape for g in grad_output])


def hook(module, grad_input, grad_output):
    print("full", [None if g is None else tuple(g.shape) for g in grad_input], [None if g is None else tuple(g.shape) for g in grad_output])


h1 = lin.register_full_backward_pre_hook(pre_hook)
h2 = lin.register_full_backward_hook(hook)
print(type(h1).__module__, type(h1).__name__)
y = lin(x)
print(y.grad_fn.name(), y.grad_fn)
y.sum().backward()
print(x.grad)

x.grad = None
h3 = lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 10,))
h4 = lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 2,), prepend=True)
lin(x).sum().backward()
print(x.grad)
h3.remove()
h4.remove()

# no input requires grad: the hook fires at the outputs, with a warning
lin(torch.randn(2, 3)).sum().backward()

bad = lin.register_full_backward_hook(lambda m, gi, go: (gi[0], gi[0]))
try:
    lin(x).sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
bad.remove()
bad = lin.register_full_backward_pre_hook(lambda m, go: (go[0], go[0]))
try:
    lin(x).sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
bad.remove()
try:
    lin.register_backward_hook(hook)
except RuntimeError as err:
    print("RuntimeError:", err)
h1.remove()
h2.remove()
try:
    lin.register_backward_hook(hook)
except RuntimeError as err:
    print("RuntimeError:", err)


class Two(nn.Module):
    def forward(self, a, scale, b):
        return a * scale, b + 1


two = Two()
two.register_full_backward_hook(hook)
a = torch.ones(2, requires_grad=True)
b = torch.ones(2)
p, q = two(a, 3.0, b)
print(p.grad_fn.name(), q.grad_fn)
(p.sum() + q.sum()).backward()
print(a.grad, a.is_leaf)
