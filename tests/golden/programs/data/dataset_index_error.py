import torch
from torch.utils.data import TensorDataset
TensorDataset(torch.arange(3))[5]
