import torch
x = torch.arange(5) * 2
i = torch.tensor(3)
print(x[i])
print(x[i].shape)
m = torch.arange(6).view(2, 3)
print(m[torch.tensor(1)])
print(m[1, torch.tensor([0, 2])])
