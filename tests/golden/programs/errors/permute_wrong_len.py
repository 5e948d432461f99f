import torch
torch.zeros(2, 3).permute(0, 1, 2)
