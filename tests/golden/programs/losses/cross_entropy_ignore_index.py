import torch
from torch import nn
logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3], [-1.0, 3.0, 0.0]], requires_grad=True)
target = torch.tensor([0, -100, 1])
loss = nn.CrossEntropyLoss()(logits, target)
print(loss)
loss.backward()
print(logits.grad)
print(nn.CrossEntropyLoss(ignore_index=1)(logits, torch.tensor([0, 2, 1])))
