import torch
x = torch.tensor(2.0, requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
b = torch.tensor(1.0, requires_grad=True)
z = x * w + b
print(z.grad_fn.name())
print(z.grad_fn.next_functions)
for fn, idx in z.grad_fn.next_functions:
    print(type(fn).__name__, idx)
mul = z.grad_fn.next_functions[0][0]
print([(type(f).__name__, i) for f, i in mul.next_functions])
