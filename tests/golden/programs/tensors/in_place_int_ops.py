import torch
x = torch.tensor([5, 6, 7])
x += 1
x *= 2
print(x)
x //= 3
print(x)
x %= 3
print(x)
