import torch
x = torch.tensor([[1], [2], [3]])
e = x.expand(3, 4)
print(e)
print(e.stride())
print(x.expand(-1, 2))
print(torch.tensor([1, 2]).expand(3, 2))
print(torch.tensor(5).expand(2, 2))
print(x.expand(2, 3, 2).shape)
x[0, 0] = 9
print(e[0])
