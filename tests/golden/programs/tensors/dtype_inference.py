import torch
print(torch.tensor([1, 2, 3]).dtype)
print(torch.tensor([1.0, 2.0]).dtype)
print(torch.tensor([1, 2.5]).dtype)
print(torch.tensor([True, False]).dtype)
print(torch.tensor(3).dtype, torch.tensor(3.5).dtype, torch.tensor(True).dtype)
print(torch.tensor([]).dtype)
print(torch.tensor([[1, 2], [3, 4]]).dtype)
