import torch
x = torch.tensor(3.0, requires_grad=True)
c = torch.tensor(1.0)
torch.autograd.grad(x * c, c)
