import torch
a = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
b = torch.tensor([[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]])
print(a @ b)
print(torch.mm(a, b))
print(torch.matmul(b, a))
print(a.matmul(b).shape)
i = torch.tensor([[1, 2], [3, 4]])
print(i @ i)
