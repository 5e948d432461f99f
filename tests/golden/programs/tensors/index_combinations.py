import torch
x = torch.arange(24).view(2, 3, 4)
print(x[1, [0, 2], 1:3])
print(x[:, [0, 2]][..., -1])
print(x[[0, 1], :, [1, 2]])
print(x[1:, None, 2])
print(x[0, 1, [True, False, True, False]])
