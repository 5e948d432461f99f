import torch
a = torch.tensor([[1, 2], [3, 4]])
b = torch.tensor([[5, 6]])
print(torch.cat([a, b]))
print(torch.cat((a, a), dim=1))
print(torch.cat([a, b], dim=0).shape)
print(torch.cat([torch.tensor([1.0]), torch.tensor([2, 3])]))
print(torch.cat([torch.tensor([]), torch.tensor([1.0, 2.0])]))
print(torch.concat([a, a], dim=-1).shape, torch.concatenate([a, a]).shape)
