import torch
x = torch.tensor([1.0, 2.0, 3.0])
print(x ** 2, x ** 3, x ** -1, x ** -2)
print(x.pow(2), torch.pow(x, 0), torch.pow(2, x))
print(x ** torch.tensor([2.0, 1.0, 0.0]))
print(torch.tensor([2, 3]) ** 2, (torch.tensor([2, 3]) ** 2).dtype)
print(torch.tensor([2, 3]) ** 0.5)
print(x.square(), x.rsqrt())
print(x.reciprocal())
