import torch
torch.manual_seed(0)
x = torch.rand(40)
print(x)
print(x[:4].tolist(), x[-2:].tolist())
print(torch.rand(2, 3))
