import torch
torch.arange(6).unflatten(0, (4, 2))
