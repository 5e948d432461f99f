import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
c = b * b
b.mul_(3)
c.sum().backward()
