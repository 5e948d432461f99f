import torch
print(torch.arange(12.0).view(3, 4) / 3)
print(torch.tensor([[1.5, -2.25], [100.0, 0.0]]))
print(torch.tensor([[1, 2, 3]]))
print(torch.zeros(3, 1))
