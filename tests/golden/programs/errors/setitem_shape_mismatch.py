import torch
x = torch.zeros(3)
x[:] = torch.tensor([1.0, 2.0])
