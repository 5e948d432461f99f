import torch
torch.manual_seed(0)
print(torch.rand(5))
print(torch.rand(5).tolist())
