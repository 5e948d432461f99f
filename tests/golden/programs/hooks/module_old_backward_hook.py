import warnings

import torch
import torch.nn as nn

warnings.simplefilter("always")
torch.manual_seed(0)


def hook(module, grad_input, grad_output):
    print(type(module).__name__, [None if g is None else tuple(g.shape) for g in grad_input],
          [tuple(g.shape) for g in grad_output])


relu = nn.ReLU()
relu.register_backward_hook(hook)
x = torch.randn(3, requires_grad=True)
relu(x).sum().backward()
print(x.grad)

lin = nn.Linear(3, 2)
lin.register_backward_hook(hook)
lin(torch.randn(4, 3, requires_grad=True)).sum().backward()

seq = nn.Sequential(nn.Linear(3, 3), nn.Tanh())
seq.register_backward_hook(hook)
seq(x).sum().backward()

relu2 = nn.ReLU()
relu2.register_backward_hook(lambda m, gi, go: (gi[0] * 0,))
x.grad = None
relu2(x).sum().backward()
print(x.grad)
try:
    relu2.register_full_backward_hook(hook)
except RuntimeError as err:
    print("RuntimeError:", err)
