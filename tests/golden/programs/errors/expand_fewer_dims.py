import torch
torch.zeros(2, 3).expand(3)
