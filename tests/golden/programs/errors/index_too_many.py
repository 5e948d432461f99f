import torch
torch.zeros(2)[0, 0]
