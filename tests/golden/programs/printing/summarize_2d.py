import torch
print(torch.arange(2000).view(40, 50))
print(torch.arange(1500.0).view(3, 500))
print(torch.arange(3000).view(1000, 3))
