import torch
x = torch.zeros(4, 4)
x[1:3, 1:3] = 1
print(x)
row = x[0]
row += 5
print(x[0])
col = x[:, 3]
col.fill_(-1)
print(x)
