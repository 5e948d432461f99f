import torch
a = torch.tensor(0.1)
b = torch.tensor(0.2)
print((a + b).item())
print(a.item(), (a * 3).item())
print((torch.tensor([0.1] * 10)).sum().item())
print(torch.tensor(1 / 3).item())
print((torch.tensor(2.0) / 3).item())
