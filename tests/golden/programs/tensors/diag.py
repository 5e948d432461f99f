import torch
print(torch.diag(torch.tensor([1, 2, 3])))
print(torch.diag(torch.arange(9).view(3, 3)))
print(torch.diag(torch.tensor([1.0, 2.0]), 1))
print(torch.arange(9).view(3, 3).diag(-1))
print(torch.diagonal(torch.arange(6).view(2, 3)))
print(torch.trace(torch.arange(9.0).view(3, 3)))
