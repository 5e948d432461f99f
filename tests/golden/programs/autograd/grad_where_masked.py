import torch
x = torch.tensor([-1.0, 2.0, -3.0], requires_grad=True)
y = torch.where(x > 0, x * 2, x * -1)
y.sum().backward()
print(x.grad)
x.grad = None
x.masked_fill(x < 0, 0.0).sum().backward()
print(x.grad)
