import torch
a = torch.tensor([1.0], requires_grad=True)
b = torch.tensor([1.0], requires_grad=True)
opt = torch.optim.SGD([a, b], lr=0.5)
(a * 3).sum().backward()
opt.step()
print(a, b, b.grad)
