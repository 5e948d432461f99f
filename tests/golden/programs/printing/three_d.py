import torch
print(torch.arange(24).view(2, 3, 4))
print(torch.arange(8.0).view(2, 2, 2) / 2)
print(torch.zeros(1, 1, 1))
print(torch.arange(16).view(2, 2, 2, 2))
