import torch
x = torch.arange(6.0).view(2, 3)
print(x.masked_fill(x > 2, -1.0))
print(x.masked_fill(torch.tensor([True, False, True]), float('-inf')))
x.masked_fill_(x == 0, 42)
print(x)
print(torch.arange(4).masked_fill(torch.tensor([True, False, False, True]), 9))
