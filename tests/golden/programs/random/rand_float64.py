import torch
torch.manual_seed(3)
print(torch.rand(3, dtype=torch.float64).tolist())
print(torch.rand(20, dtype=torch.float64)[-1].item())
