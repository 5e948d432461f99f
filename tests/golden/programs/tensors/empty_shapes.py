import torch
e = torch.empty(2, 3)
print(e.shape, e.dtype)
print(torch.empty(0, 3))
print(torch.empty((4,), dtype=torch.int32).shape)
print(torch.empty_like(torch.ones(2, 2, dtype=torch.int8)).dtype)
