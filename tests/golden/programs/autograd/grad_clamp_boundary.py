import torch
x = torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0], requires_grad=True)
x.clamp(0, 1).sum().backward()
print(x.grad)
