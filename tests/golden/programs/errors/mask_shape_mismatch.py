import torch
torch.arange(4)[torch.tensor([True, False])]
