import torch
x = torch.tensor([0.5, -0.5], requires_grad=True)
s = torch.sigmoid(x)
s.mul_(2)
s.sum().backward()
