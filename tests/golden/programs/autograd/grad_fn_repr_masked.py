import torch
x = torch.tensor(1.0, requires_grad=True)
y = x * 2
print(y.grad_fn)
print(repr(y.grad_fn))
print(str(y.grad_fn).startswith("<MulBackward0 object at 0x"))
