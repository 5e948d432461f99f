import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
acc = y.grad_fn.next_functions[0][0]
print(type(acc).__name__, acc.name())
print(acc.variable is x)
print(acc.variable)
print(acc.next_functions)
print(x.grad_fn)
