import torch
x = torch.tensor([1, 2], dtype=torch.int32)
print(x + 10, (x + 10).dtype)
print(x * 1.5)
print((x / 2).dtype)
print((x // 2).dtype)
