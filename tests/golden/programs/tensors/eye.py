import torch
print(torch.eye(3))
print(torch.eye(2, 3))
print(torch.eye(3, dtype=torch.int64))
print(torch.eye(1))
