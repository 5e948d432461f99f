import torch
torch.tensor("abc")
