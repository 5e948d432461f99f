import torch
x = torch.tensor([[1.5, 2.25], [3.0, -4.125]])
print(x.tolist())
print(torch.tensor([1, 2]).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor(2.5).tolist())
print(torch.tensor([0.1, 0.2]).tolist())
print(torch.tensor([0.1], dtype=torch.float64).tolist())
print(torch.tensor([[5]]).item())
