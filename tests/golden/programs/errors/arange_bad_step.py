import torch
torch.arange(0, 5, 0)
