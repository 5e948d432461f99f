import torch
x = torch.tensor([5.5, -5.5, 2.0])
print(x // 2)
print(x % 2)
print(-x % 3)
print(torch.tensor([1.0, 2.0]) / 0)
