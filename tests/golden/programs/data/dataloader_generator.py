import torch
from torch.utils.data import DataLoader
g = torch.Generator().manual_seed(3)
loader = DataLoader(list(range(6)), batch_size=2, shuffle=True, generator=g)
print([b.tolist() for b in loader])
print([b.tolist() for b in loader])
