import torch
x = torch.tensor([0.3, 1.7, 2.9, -4.1])
print((x * 0.1).tolist())
print((x + 0.7).tolist())
print((x / 3).tolist())
print((x - 1e-3).tolist())
print((x * x).tolist())
print((1 / x).tolist())
print((x ** 2).tolist(), (x ** 3).tolist())
