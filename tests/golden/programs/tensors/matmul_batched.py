import torch
a = torch.arange(12.0).view(2, 2, 3)
b = torch.arange(6.0).view(3, 2)
print(a @ b)
print(torch.bmm(a, torch.ones(2, 3, 1)))
print(torch.matmul(a, torch.ones(3)).shape)
print(torch.matmul(torch.ones(4, 1, 2, 3), torch.ones(5, 3, 2)).shape)
