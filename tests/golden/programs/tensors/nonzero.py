import torch
x = torch.tensor([[0, 1, 0], [2, 0, 3]])
print(torch.nonzero(x))
print(x.nonzero())
print(torch.nonzero(x, as_tuple=True))
print(torch.tensor([0.0, 1.5, 0.0]).nonzero())
print(torch.zeros(3).nonzero())
print(torch.count_nonzero(x))
