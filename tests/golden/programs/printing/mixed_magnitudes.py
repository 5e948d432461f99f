import torch
print(torch.tensor([0.001, 1000.0]))
print(torch.tensor([0.01, 100.0, 12345.0]))
print(torch.tensor([1e-3, 1e3, 1e5]))
print(torch.tensor([0.5, 99999.0]))
print(torch.tensor([1.0, 100000.5]))
print(torch.tensor([-1e-5, 5.0]))
