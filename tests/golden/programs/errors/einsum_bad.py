import torch
torch.einsum('ij,jk->ik', torch.ones(2, 3), torch.ones(2, 3))
