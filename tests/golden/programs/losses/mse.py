import torch
from torch import nn
pred = torch.tensor([0.5, 1.5, 2.0, -1.0], requires_grad=True)
target = torch.tensor([1.0, 1.0, 1.0, 1.0])
for reduction in ["mean", "sum", "none"]:
    pred.grad = None
    loss = nn.MSELoss(reduction=reduction)(pred, target)
    print(reduction, loss)
    loss.sum().backward()
    print(pred.grad)
print(nn.MSELoss()(pred, target).item())
