import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(5, 4, requires_grad=True)
t = torch.tensor([0, 3, 1, 1, 2])
w = torch.tensor([0.5, 1.0, 2.0, 0.3])
for kwargs in [{}, dict(p=2), dict(margin=0.7), dict(weight=w), dict(p=2, weight=w, margin=1.3)]:
    for reduction in ("mean", "sum", "none"):
        loss = F.multi_margin_loss(x, t, reduction=reduction, **kwargs)
        print(reduction, kwargs.get("p", 1), loss)
        grad, = torch.autograd.grad((loss * torch.linspace(0.5, 1.5, loss.numel()).reshape(loss.shape)).sum(), x)
        print(grad)
d = x.detach().double().requires_grad_()
loss = nn.MultiMarginLoss(p=2, weight=w.double())(d, t)
loss.backward()
print(loss, loss.grad_fn.name(), d.grad[1])
print(nn.MultiMarginLoss(), nn.MultiMarginLoss(weight=w).weight)
v = torch.tensor([0.1, 0.2, 0.4, 0.8], requires_grad=True)
print(F.multi_margin_loss(v, torch.tensor([3])), F.multi_margin_loss(v, torch.tensor(2), reduction="none"),
      F.multi_margin_loss(v, torch.tensor([1]), reduction="none"))
for args, kwargs in [((x, torch.tensor([0, 4, 1, 1, 2])), {}), ((x, t[:3]), {}), ((v, t[:2]), {}), ((x, t), dict(weight=w[:2])),
                     ((x, t), dict(p=3)), ((x, t), dict(weight=w.reshape(2, 2)))]:
    try:
        F.multi_margin_loss(*args, **kwargs)
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
try:
    nn.MultiMarginLoss(weight=w.reshape(2, 2))
except ValueError as e:
    print("ValueError:", e)
