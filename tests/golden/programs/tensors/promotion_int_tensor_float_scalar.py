import torch
x = torch.tensor([1, 2, 3])
print(x + 2.5)
print(x * 2)
print(x * 2.0)
print((x + 1).dtype, (x + 1.0).dtype, (x * True).dtype)
