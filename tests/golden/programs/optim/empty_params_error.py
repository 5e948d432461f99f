import torch
torch.optim.SGD([], lr=0.1)
