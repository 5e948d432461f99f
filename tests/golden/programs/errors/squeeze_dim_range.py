import torch
torch.zeros(2, 1).squeeze(3)
