import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = x ** 2
torch.autograd.backward([y, z], [torch.ones(2), torch.tensor([1.0, 10.0])])
print(x.grad)
torch.autograd.backward((x * x).sum())
print(x.grad)
