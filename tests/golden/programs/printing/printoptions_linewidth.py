import torch
torch.set_printoptions(linewidth=30)
print(torch.arange(20.0))
print(torch.arange(12).view(2, 6))
torch.set_printoptions(linewidth=200)
print(torch.arange(40))
