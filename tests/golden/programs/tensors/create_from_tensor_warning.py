import torch
a = torch.tensor([1.0, 2.0])
b = torch.tensor(a)
print(b)
b[0] = 10
print(a)
