import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.expand(3, 2).sum().backward()
print(x.grad)
x.grad = None
(x.repeat(3) * torch.arange(6.0)).sum().backward()
print(x.grad)
