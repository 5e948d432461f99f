import torch
from torch import nn
logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True)
target = torch.tensor([0, 2])
loss = nn.CrossEntropyLoss(label_smoothing=0.1)(logits, target)
print(loss)
loss.backward()
print(logits.grad)
