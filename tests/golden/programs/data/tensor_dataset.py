import torch
from torch.utils.data import TensorDataset
x = torch.arange(10.0).view(5, 2)
y = torch.arange(5)
ds = TensorDataset(x, y)
print(len(ds))
print(ds[0])
print(ds[4])
print(ds[1:3])
print(ds.tensors[1])
