import torch
torch.arange(6).view(4)
