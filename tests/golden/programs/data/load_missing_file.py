import torch
torch.load("does_not_exist.pt")
