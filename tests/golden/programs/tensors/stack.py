import torch
a = torch.tensor([1, 2, 3])
b = torch.tensor([4, 5, 6])
print(torch.stack([a, b]))
print(torch.stack([a, b], dim=1))
print(torch.stack((a, b, a), dim=-1).shape)
print(torch.stack([torch.tensor(1.0), torch.tensor(2.0)]))
print(torch.vstack([a, b]), torch.hstack([a, b]))
