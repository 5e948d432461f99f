import torch
x = torch.zeros(3, 4)
x[0] = 1
x[1, 2] = 5
x[:, 0] = -2
x[-1, -1] = 9.5
print(x)
y = torch.zeros(4, dtype=torch.int64)
y[1] = 2.9
print(y)
