import torch
print(torch.tensor([1000.0, 2000.0, 3000.0]))
print(torch.tensor([12345678.0]))
print(torch.tensor([99999999.0, 1.0]))
print(torch.tensor([1000000.0, 0.5]))
