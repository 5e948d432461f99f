import torch
from torch import nn

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 4), nn.GELU())
        self.norm = nn.LayerNorm(4)

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])
        self.head = nn.Linear(4, 2, bias=False)

print(Model())
print(nn.Module())
