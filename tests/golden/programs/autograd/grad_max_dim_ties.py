import torch
x = torch.tensor([[1.0, 5.0, 5.0], [2.0, 2.0, 0.0]], requires_grad=True)
x.max(dim=1).values.sum().backward()
print(x.grad)
y = torch.tensor([1.0, 1.0, 0.5], requires_grad=True)
y.amax().backward()
print(y.grad)
