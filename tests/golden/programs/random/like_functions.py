import torch
torch.manual_seed(0)
base = torch.zeros(2, 3)
print(torch.rand_like(base))
print(torch.randn_like(base))
print(torch.randint_like(base, 10))
print(torch.randint_like(base, 5, 8))
