import torch
x = torch.tensor(2.0, requires_grad=True)
y = x * x
print(y.grad_fn._saved_self)
y.backward()
print(y.grad_fn._saved_self)
