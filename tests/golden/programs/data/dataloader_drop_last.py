import torch
from torch.utils.data import DataLoader, TensorDataset
ds = TensorDataset(torch.arange(7))
loader = DataLoader(ds, batch_size=3, drop_last=True)
print(len(loader), [b[0].tolist() for b in loader])
print(len(DataLoader(ds, batch_size=3)))
