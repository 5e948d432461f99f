import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(x.prod(), x.prod(0), x.prod(1, keepdim=True))
print(torch.tensor([1, 2, 3, 4]).prod())
print(x.cumsum(0))
print(x.cumsum(dim=1))
print(torch.cumprod(x, 1))
print(torch.tensor([1, 2, 3]).cumsum(0).dtype)
