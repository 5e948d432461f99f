import torch
torch.arange(4)[[0, 7]]
