import torch
torch.manual_seed(2024)
print(torch.rand(2).tolist())
print(torch.randn(2).tolist())
print(torch.randint(0, 100, (2,)).tolist())
print(torch.randn(18).tolist()[:2])
print(torch.randperm(4).tolist())
print(torch.rand(17).tolist()[-1])
print(torch.randn(1).tolist())
