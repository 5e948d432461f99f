import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(3, 5, requires_grad=True)
y = torch.tensor([[3, 0, -1, 1, 2], [1, 2, 3, 4, 0], [-1, 0, 1, 2, 3]])
for reduction in ("mean", "sum", "none"):
    loss = F.multilabel_margin_loss(x, y, reduction=reduction)
    print(reduction, loss, loss.grad_fn.name())
    grad, = torch.autograd.grad((loss * torch.linspace(0.5, 1.5, loss.numel()).reshape(loss.shape)).sum(), x)
    print(grad)
d = x.detach().double().requires_grad_()
loss = nn.MultiLabelMarginLoss()(d, y)
loss.backward()
print(nn.MultiLabelMarginLoss(), nn.MultiLabelMarginLoss(reduction="sum"), loss, d.grad)
v = torch.tensor([0.1, 0.2, 0.4, 0.8], requires_grad=True)
print(F.multilabel_margin_loss(v, torch.tensor([3, 0, -1, 1])), F.multilabel_margin_loss(v, torch.tensor([2, -1, 0, 1]),
                                                                                          reduction="none"))
grad, = torch.autograd.grad(F.multilabel_margin_loss(d, y), d, create_graph=True)
print(grad.grad_fn.name())
for target in [torch.tensor([[5, 0, -1, 1, 2]] * 3), torch.tensor([[-2, 0, -1, 1, 2]] * 3), torch.tensor([1, 2, 0]),
               torch.tensor([[1, 2, 0, -1]] * 3)]:
    try:
        F.multilabel_margin_loss(x, target)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    grad.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
