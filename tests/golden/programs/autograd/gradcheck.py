import torch
from torch.autograd import gradcheck, gradgradcheck
x = torch.randn(3, dtype=torch.float64, requires_grad=True, generator=torch.Generator().manual_seed(0))
print(gradcheck(torch.sin, (x,)))
print(gradcheck(lambda a: (a ** 3).sum(), (x,)))
print(gradgradcheck(lambda a: (a ** 3).sum(), (x,)))
w = torch.randn(3, 2, dtype=torch.float64, requires_grad=True, generator=torch.Generator().manual_seed(1))
print(gradcheck(lambda a, b: a @ b, (x.view(1, 3), w)))
