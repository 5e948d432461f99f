import torch
x = torch.tensor([-1.0, 2.0, -3.0, 4.0])
print(torch.where(x > 0, x, torch.zeros_like(x)))
print(torch.where(x > 0, x, 0.0))
print(torch.where(x > 0, 1, -1))
print(torch.where(x > 0))
print(x.where(x < 0, torch.tensor(10.0)))
print(torch.where(torch.tensor([[True, False], [False, True]])))
