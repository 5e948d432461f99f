import torch
from torch.utils.data import random_split
torch.manual_seed(0)
a, b = random_split(range(10), [7, 3])
print(list(a), list(b))
