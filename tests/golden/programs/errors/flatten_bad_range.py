import torch
torch.zeros(2, 3, 4).flatten(2, 1)
