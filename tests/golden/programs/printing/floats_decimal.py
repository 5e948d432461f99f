import torch
print(torch.tensor([0.1, 0.25, 1.5]))
print(torch.tensor([1.23456, -2.0]))
print(torch.tensor([0.00012, 1.0]))
print(torch.tensor([123.456, 0.5]))
print(torch.tensor([1.5, 12345.678]))
print(torch.tensor(0.333333))
print(torch.tensor([-0.5, 0.5]))
