import torch
from torch.utils.data import Dataset, DataLoader

class Squares(Dataset):
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return torch.tensor([float(i)]), i * i

loader = DataLoader(Squares(), batch_size=2)
for x, y in loader:
    print(x, y)
