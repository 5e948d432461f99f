import torch
x = torch.arange(10) * 10
print(x[[0, 2, 4]])
print(x[[-1, 0]])
print(x[torch.tensor([1, 1, 3])])
print(x[torch.tensor([[0, 1], [2, 3]])])
m = torch.arange(12).view(3, 4)
print(m[[0, 2]])
print(m[:, [0, 3]])
print(m[[0, 1, 2], [3, 2, 1]])
print(m[[[0], [2]], [1, 3]])
