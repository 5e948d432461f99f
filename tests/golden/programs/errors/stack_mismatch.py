import torch
torch.stack([torch.zeros(2), torch.zeros(3)])
