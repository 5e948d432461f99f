import torch
torch.arange(5).index_select(0, torch.tensor([1.0]))
