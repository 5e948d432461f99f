import torch
torch.tensor([[1, 2]]) @ torch.tensor([[1.0], [2.0]])
