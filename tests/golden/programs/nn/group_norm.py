import torch
import torch.nn.functional as F
from torch import nn
# group normalization: statistics per sample and group of channels, then each channel's weight and bias
# (values printed: its statistics are summed in PyTorch's own order, the last bit can differ)
torch.manual_seed(0)
x = torch.randn(2, 4, 3, 3, requires_grad=True)
for groups in (1, 2, 4):
    m = nn.GroupNorm(groups, 4)
    with torch.no_grad():
        m.weight.copy_(torch.tensor([1.0, 0.5, -2.0, 1.5]))
        m.bias.copy_(torch.tensor([0.0, 0.25, 1.0, -0.5]))
    x.grad = None
    y = m(x)
    (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
    print(m, y.grad_fn.name(), y[1, 2, 1].detach(), x.grad[0, 3, 2], [round(v, 2) for v in m.weight.grad.tolist()], m.bias.grad)
y = F.group_norm(torch.arange(24.0).reshape(2, 4, 3), 2)
print(y.grad_fn, y[0])
print(nn.GroupNorm(2, 4, affine=False), nn.GroupNorm(1, 3)(torch.randn(5, 3)).shape)
for bad in [lambda: nn.GroupNorm(3, 4), lambda: F.group_norm(torch.randn(2, 6), 4)]:
    try:
        bad()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__, e)
