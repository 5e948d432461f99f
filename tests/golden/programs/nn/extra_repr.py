import torch
from torch import nn

class Scale(nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor

    def extra_repr(self):
        return f"factor={self.factor}"

    def forward(self, x):
        return x * self.factor

print(Scale(3))
print(nn.Sequential(Scale(2), nn.ReLU()))
print(nn.Sequential(Scale(2))(torch.tensor([1.0, -1.0])))
