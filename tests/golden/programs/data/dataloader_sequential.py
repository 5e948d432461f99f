import torch
from torch.utils.data import DataLoader, TensorDataset
ds = TensorDataset(torch.arange(10.0).view(5, 2), torch.arange(5))
loader = DataLoader(ds, batch_size=2)
print(len(loader))
for xb, yb in loader:
    print(xb, yb)
