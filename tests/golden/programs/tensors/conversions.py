import torch
x = torch.tensor([1.7, -1.7, 2.5])
print(x.long())
print(x.int())
print(x.double())
print(x.bool())
print(x.to(torch.int16))
print(x.to(dtype=torch.float64).float())
print(x.half())
