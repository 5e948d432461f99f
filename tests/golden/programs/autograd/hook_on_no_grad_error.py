import torch
torch.ones(2).register_hook(lambda g: g)
