import torch
x = torch.arange(24).view(2, 3, 4)
print(x.flatten().shape)
print(x.flatten(1).shape)
print(x.flatten(0, 1).shape)
print(torch.flatten(x, start_dim=1, end_dim=2).shape)
print(x.flatten(1).unflatten(1, (3, 4)).shape)
print(torch.arange(6).unflatten(0, (2, -1)))
print(torch.tensor(3.0).flatten())
