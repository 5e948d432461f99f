import torch
print(torch.tensor([1.0, 2.0], requires_grad=True))
print(torch.tensor(3.0, requires_grad=True))
print(torch.tensor([1.0], dtype=torch.float64, requires_grad=True))
print(torch.zeros(2, 2, requires_grad=True))
