import torch
torch.where(torch.tensor([True, False, True]), torch.zeros(3), torch.ones(2))
