import torch
src = torch.arange(1, 11).view(2, 5)
index = torch.tensor([[0, 1, 2, 0]])
print(torch.zeros(3, 5, dtype=src.dtype).scatter_(0, index, src))
print(torch.zeros(2, 4).scatter(1, torch.tensor([[2], [3]]), 1.5))
print(torch.zeros(5).scatter_add(0, torch.tensor([0, 1, 0, 3]), torch.ones(4)))
print(torch.zeros(3, 3).scatter_(1, torch.tensor([[0], [1], [2]]), torch.ones(3, 1)))
