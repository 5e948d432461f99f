import torch
x = torch.tensor(2.0, requires_grad=True)
y = x * x * x
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g.requires_grad, g.grad_fn.name())
print([type(f).__name__ if f is not None else None for f, _ in g.grad_fn.next_functions])
(g_plain,) = torch.autograd.grad(x * x * x, x)
print(g_plain.requires_grad, g_plain.grad_fn)
