import torch
print(torch.tensor([1, 2], dtype=torch.int32))
print(torch.tensor([1, 2], dtype=torch.int16))
print(torch.tensor([1, 2], dtype=torch.int8))
print(torch.tensor([1, 2], dtype=torch.uint8))
print(torch.tensor(3, dtype=torch.int32))
print(torch.tensor([[1], [2]], dtype=torch.int32))
