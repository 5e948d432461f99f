import torch
x = torch.tensor([3, -1, 4, -1, 5])
print(x[x > 0])
print(x[torch.tensor([True, False, True, False, False])])
m = torch.arange(6).view(2, 3)
print(m[m % 2 == 0])
print(m[torch.tensor([True, False])])
print(m[:, torch.tensor([False, True, True])])
print(x[x > 100])
