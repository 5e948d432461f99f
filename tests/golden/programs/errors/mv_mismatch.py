import torch
torch.mv(torch.ones(2, 3), torch.ones(2))
