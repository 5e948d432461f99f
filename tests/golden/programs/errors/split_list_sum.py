import torch
torch.arange(5).split([2, 2])
