import torch
torch.manual_seed(42)
print(torch.randn(4, 5))
print(torch.randn(3, dtype=torch.float64).tolist())
print(torch.randn(20, dtype=torch.float64).tolist()[:3])
