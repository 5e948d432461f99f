import torch
x = torch.tensor([-3.0, -1.0, 0.0, 0.25, 1.0, 2.0, 5.0])
s = torch.sigmoid(x)
print(s)
print(s.tolist())
print(torch.sigmoid(torch.tensor(0.7)).item())
print(x.sigmoid().sum().item())
