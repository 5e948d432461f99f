import torch
from torch import nn
logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True)
probs = torch.tensor([[0.7, 0.2, 0.1], [0.0, 0.5, 0.5]])
loss = nn.CrossEntropyLoss()(logits, probs)
print(loss)
loss.backward()
print(logits.grad)
