import torch
print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([1.5e-8]))
print(torch.tensor([123456789.0, 0.1]))
print(torch.tensor([0.0001, 0.001]))
print(torch.tensor([1e-4, 1e4]))
print(torch.tensor(1e-10))
print(torch.tensor([2e20, -3e-20]))
