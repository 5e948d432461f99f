import torch
x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
(x ** 2).sum().backward()
print(x.grad)
y = torch.tensor([0.0, 4.0], requires_grad=True)
(y ** 0.5).sum().backward()
print(y.grad)
