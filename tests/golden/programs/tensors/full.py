import torch
print(torch.full((2, 3), 7))
print(torch.full((2, 3), 7).dtype)
print(torch.full((2,), 1.5))
print(torch.full((2, 2), True))
print(torch.full((3,), -2, dtype=torch.float64))
