import torch
torch.tensor([1, 2]).requires_grad_()
