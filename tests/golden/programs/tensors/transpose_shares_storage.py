import torch
m = torch.zeros(2, 3)
t = m.t()
t[2, 0] = 5
print(m)
m[1, 1] = 7
print(t)
