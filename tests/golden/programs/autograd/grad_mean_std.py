import torch
x = torch.tensor([1.0, 2.0, 4.0, 7.0], requires_grad=True)
x.mean().backward()
print(x.grad)
x.grad = None
x.var().backward()
print(x.grad)
x.grad = None
x.std().backward()
print(x.grad)
