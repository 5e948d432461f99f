import torch
from torch.utils.data import DataLoader
data = [(1.5, 2), (2.5, 3), (3.5, 4)]
for batch in DataLoader(data, batch_size=2):
    print(batch)
