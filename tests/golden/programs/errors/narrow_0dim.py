import torch
torch.tensor(1.5).narrow(0, 0, 1)
