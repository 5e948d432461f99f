import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
x.data.mul_(10)
y.sum().backward()
print(x.grad)
