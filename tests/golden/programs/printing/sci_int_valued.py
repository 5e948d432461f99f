import torch
print(torch.tensor([1e9, 2e9]))
print(torch.tensor([1e15]))
print(torch.tensor([1.0, 1e9, 3.0]))
print(torch.tensor([1e-9, 1.0, 3.0]))
