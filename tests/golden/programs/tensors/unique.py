import torch
x = torch.tensor([3, 1, 2, 3, 1, 1])
print(torch.unique(x))
print(x.unique(return_counts=True))
print(torch.unique(x, return_inverse=True))
print(torch.unique(torch.tensor([2.5, 0.5, 2.5])))
print(torch.unique(torch.tensor([[1, 2], [1, 2], [0, 1]]), dim=0))
