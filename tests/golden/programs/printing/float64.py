import torch
print(torch.tensor([0.1, 0.2], dtype=torch.float64))
print(torch.tensor(1.0, dtype=torch.float64))
print(torch.tensor([1.0, 2.0], dtype=torch.float64))
print(torch.tensor([1e-8], dtype=torch.float64))
print(torch.arange(3, dtype=torch.float64) / 3)
