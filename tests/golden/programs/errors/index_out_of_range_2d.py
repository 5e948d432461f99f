import torch
torch.zeros(2, 3)[1, 3]
