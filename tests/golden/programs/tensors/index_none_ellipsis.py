import torch
x = torch.arange(24).view(2, 3, 4)
print(x[None].shape)
print(x[:, None].shape)
print(x[..., 0])
print(x[0, ...].shape)
print(x[..., None].shape)
print(x[1, ..., 2])
print(x[None, 0, None, :, 1].shape)
