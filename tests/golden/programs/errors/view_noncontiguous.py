import torch
torch.arange(6).view(2, 3).t().view(6)
