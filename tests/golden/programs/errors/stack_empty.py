import torch
torch.stack([])
