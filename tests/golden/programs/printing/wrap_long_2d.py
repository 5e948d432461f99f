import torch
print(torch.arange(60.0).view(3, 20) / 3)
print(torch.arange(50).view(2, 25))
