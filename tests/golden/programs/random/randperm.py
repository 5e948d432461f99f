import torch
torch.manual_seed(0)
print(torch.randperm(10))
print(torch.randperm(1), torch.randperm(0))
print(torch.randperm(5, dtype=torch.float32))
print(torch.randperm(30))
