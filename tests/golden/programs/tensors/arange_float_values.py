import torch
x = torch.arange(0, 1, 0.1)
print(x)
print(x.tolist())
print(len(torch.arange(-1, 1, 0.3)))
