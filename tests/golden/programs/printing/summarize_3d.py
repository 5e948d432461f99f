import torch
print(torch.arange(2400).view(10, 12, 20))
