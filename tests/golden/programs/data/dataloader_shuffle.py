import torch
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)
ds = TensorDataset(torch.arange(10))
loader = DataLoader(ds, batch_size=3, shuffle=True)
for epoch in range(2):
    print(epoch, [batch[0].tolist() for batch in loader])
