import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
c = torch.cat([a, b]) * torch.tensor([1.0, 2.0, 3.0])
c.sum().backward()
print(a.grad, b.grad)
a.grad = None
s = torch.stack([a, a * 2])
(s * torch.tensor([[1.0], [10.0]])).sum().backward()
print(a.grad)
