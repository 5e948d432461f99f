import torch
torch.dot(torch.ones(3), torch.ones(4))
