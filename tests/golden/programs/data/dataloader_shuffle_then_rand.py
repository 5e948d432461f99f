import torch
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(42)
loader = DataLoader(TensorDataset(torch.arange(8)), batch_size=4, shuffle=True)
first = [b[0].tolist() for b in loader]
print(first)
print(torch.rand(2))
print([b[0].tolist() for b in loader])
