import torch
from torch import nn
logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]])
target = torch.tensor([0, 2])
print(nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 3.0]))(logits, target))
