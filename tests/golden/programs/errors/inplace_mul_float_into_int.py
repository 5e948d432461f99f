import torch
x = torch.tensor([1, 2, 3])
x *= 0.5
