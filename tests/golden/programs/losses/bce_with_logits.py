import torch
from torch import nn
z = torch.tensor([2.0, -1.0, 0.0, 5.0], requires_grad=True)
y = torch.tensor([1.0, 0.0, 1.0, 0.0])
loss = nn.BCEWithLogitsLoss()(z, y)
print(loss)
loss.backward()
print(z.grad)
print(nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0]))(z, y))
print(nn.BCEWithLogitsLoss(reduction='sum')(z, y))
