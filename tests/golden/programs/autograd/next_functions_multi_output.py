import torch
x = torch.arange(6.0, requires_grad=True)
parts = x.split(2)
y = parts[0] * parts[2]
print([(type(f).__name__, i) for f, i in y.grad_fn.next_functions])
vals, idx = x.view(2, 3).max(1)
print([(type(f).__name__, i) for f, i in (vals * 1).grad_fn.next_functions])
u = x.unbind()
print([(type(f).__name__, i) for f, i in (u[1] + u[4]).grad_fn.next_functions])
