import torch
from torch import nn
pred = torch.tensor([0.2, 1.5, 3.0, -2.0], requires_grad=True)
target = torch.zeros(4)
for loss_fn in [nn.SmoothL1Loss(), nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(), nn.HuberLoss(delta=2.0), nn.SmoothL1Loss(reduction='sum')]:
    pred.grad = None
    loss = loss_fn(pred, target)
    loss.backward()
    print(loss, pred.grad)
