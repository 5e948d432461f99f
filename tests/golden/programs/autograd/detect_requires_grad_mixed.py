import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([1.0, 1.0])
print((x + c).requires_grad, (c + c).requires_grad)
print(torch.cat([x, c]).requires_grad)
print(torch.stack([c, c]).requires_grad)
print(x.sum().requires_grad, x.detach().sum().requires_grad)
