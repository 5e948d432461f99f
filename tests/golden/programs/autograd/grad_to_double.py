import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.double() * 3).sum()
print(y.dtype)
y.backward()
print(x.grad, x.grad.dtype)
