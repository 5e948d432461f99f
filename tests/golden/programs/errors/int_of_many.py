import torch
int(torch.ones(2, 2))
