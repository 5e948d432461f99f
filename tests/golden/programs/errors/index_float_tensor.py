import torch
torch.arange(5)[torch.tensor([1.0])]
