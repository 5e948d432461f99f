import torch
print(torch.logspace(0, 2, 3))
print(torch.logspace(0, 3, 4, base=2))
print(torch.logspace(-2, 2, 5))
