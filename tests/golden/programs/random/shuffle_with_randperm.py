import torch
torch.manual_seed(1)
data = torch.arange(10) * 10
idx = torch.randperm(len(data))
print(data[idx])
print(data[idx[:3]])
