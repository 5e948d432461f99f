import torch
b = torch.tensor([[True, False], [True, True]])
print(b.all(), b.any())
print(b.all(dim=1), b.any(dim=0))
print(torch.tensor([1, 0, 2]).all(), torch.tensor([0.0, 0.0]).any())
print(torch.all(torch.tensor([])), torch.any(torch.tensor([])))
print((torch.arange(4) < 10).all().item())
