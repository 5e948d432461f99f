import torch
x = torch.zeros(3, dtype=torch.int32)
x[0] = torch.tensor(2.7)
x[1:] = torch.tensor([1.2, -3.9])
print(x)
b = torch.zeros(3, dtype=torch.bool)
b[1] = 5
print(b)
