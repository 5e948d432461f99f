import torch
x = torch.arange(12).view(3, 4)
print(torch.index_select(x, 0, torch.tensor([2, 0])))
print(x.index_select(1, torch.tensor([1, 1, 3])))
