import torch
from torch import nn
p = torch.tensor([0.9, 0.2, 0.6, 0.5], requires_grad=True)
y = torch.tensor([1.0, 0.0, 0.0, 1.0])
loss = nn.BCELoss()(p, y)
print(loss, loss.item())
loss.backward()
print(p.grad)
print(nn.BCELoss(reduction='none')(p, y))
