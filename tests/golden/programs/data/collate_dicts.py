import torch
from torch.utils.data import DataLoader

class Items(torch.utils.data.Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return {"x": torch.tensor([i, i + 1]), "label": i % 2, "w": float(i) / 2}

for batch in DataLoader(Items(), batch_size=3):
    print(batch)
