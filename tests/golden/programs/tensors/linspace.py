import torch
print(torch.linspace(0, 1, 5))
print(torch.linspace(-1, 1, steps=4))
print(torch.linspace(3, 10, steps=1))
print(torch.linspace(0, 1, 7).tolist())
print(torch.linspace(-3.14159, 3.14159, 9).tolist())
print(torch.linspace(0, 10, 5, dtype=torch.int64))
