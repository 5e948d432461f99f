import torch
torch.arange(4).chunk(0)
