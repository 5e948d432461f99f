import torch
x = torch.arange(12).view(3, 4)
print(x[0])
print(x[-1])
print(x[1, 2])
print(x[1][2])
print(x[-1, -1].item())
print(x[2, -3])
