import torch
x = torch.zeros(3)
e = x.expand(2, 3)
try:
    e.add_(1)
except RuntimeError as error:
    print(error)
print(x)
