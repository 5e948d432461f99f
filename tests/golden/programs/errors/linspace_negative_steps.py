import torch
torch.linspace(0, 1, -1)
