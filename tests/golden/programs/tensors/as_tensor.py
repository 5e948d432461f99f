import torch
a = torch.tensor([1.0, 2.0, 3.0])
b = torch.as_tensor(a)
b[0] = 100
print(a)
c = torch.as_tensor(a, dtype=torch.float64)
c[1] = -1
print(a, c)
print(torch.as_tensor([1, 2, 3]))
print(torch.as_tensor(2.5))
