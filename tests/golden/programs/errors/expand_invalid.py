import torch
torch.zeros(2, 3).expand(4, 3)
