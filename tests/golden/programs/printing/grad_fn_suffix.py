import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x * 2)
print(x.sum())
print((x * 2).mean())
print(x.double() + 1)
print(x[0])
print(torch.tensor(2.0, requires_grad=True) ** 2)
