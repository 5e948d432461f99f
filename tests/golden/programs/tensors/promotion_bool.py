import torch
b = torch.tensor([True, False, True])
print(b + 1)
print(b + 1.5)
print(b + b)
print(b * b)
print((b & b).dtype, (b + True).dtype)
