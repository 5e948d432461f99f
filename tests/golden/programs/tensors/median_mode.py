import torch
x = torch.tensor([[4.0, 1.0, 3.0, 2.0], [5.0, 5.0, 1.0, 2.0]])
print(x.median())
print(x.median(dim=1))
print(torch.tensor([1, 2, 2, 3, 3]).mode())
print(x.mode(dim=1))
print(torch.median(torch.tensor([3.0, 1.0, 2.0])))
