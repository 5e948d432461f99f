import torch
torch.arange(6).reshape(4, 2)
