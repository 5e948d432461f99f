import torch
x = torch.tensor([1.0, 3.0, 2.0, 5.0, 4.0])
print(torch.cummax(x, 0))
print(torch.diff(x))
print(x.max() - x.min())
