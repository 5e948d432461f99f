import torch
torch.tensor([[1, 2]]).gather(1, torch.tensor([[2]]))
