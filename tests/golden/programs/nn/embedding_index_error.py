import torch
from torch import nn
nn.Embedding(3, 2)(torch.tensor([3]))
