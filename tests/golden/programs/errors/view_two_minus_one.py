import torch
torch.arange(6).view(-1, -1)
