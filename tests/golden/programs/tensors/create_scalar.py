import torch
s = torch.tensor(3.25)
print(s, s.shape, s.dim(), s.numel())
print(torch.tensor(7), torch.tensor(False))
print(s.item(), type(s.item()).__name__)
print(torch.tensor(7).item(), type(torch.tensor(7).item()).__name__)
