import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g: g * 10)
(x * x).sum().backward()
print(x.grad)
h.remove()
x.grad = None
(x * x).sum().backward()
print(x.grad)
