import torch
x = torch.zeros(2, 3)
x.copy_(torch.tensor([1.0, 2.0, 3.0]))
print(x)
x[0].copy_(torch.tensor([7, 8, 9]))
print(x)
i = torch.zeros(2, dtype=torch.int64)
i.copy_(torch.tensor([1.9, -1.9]))
print(i)
