import torch
torch.zeros(2).unsqueeze(3)
