import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 5)
x[0, 0] = 0.0
for dtype in (torch.float32, torch.float64):
    leaf = x.to(dtype).detach().requires_grad_()
    torch.manual_seed(3)
    y = F.rrelu(leaf, training=True)
    print(y, y.grad_fn.name())
    (y * torch.arange(5.0, dtype=dtype)).sum().backward()
    print(leaf.grad)
    print(torch.rand(1))  # the stream after one draw per element <= 0
e = F.rrelu(x.requires_grad_(), 0.1, 0.3)
print(e, e.grad_fn.name())
e.sum().backward()
print(x.grad)
x.grad = None
g = torch.Generator().manual_seed(7)
print(torch.rrelu(x, 0.2, 0.4, True, g), torch.rrelu(x, 0.2, 0.4, True, torch.Generator().manual_seed(7)))
narrow = F.rrelu(x, 0.25, 0.25, training=True)
narrow.sum().backward()
print(narrow, x.grad)
torch.manual_seed(5)
y = x.detach().clone().requires_grad_() * 1
z = F.rrelu_(y, training=True)
print(z is y, z.grad_fn.name(), y)
w = x.detach().clone()
print(torch.rrelu_(w) is w, w)
m = nn.RReLU()
print(m, nn.RReLU(0.1, 0.3, inplace=True))
torch.manual_seed(1)
print(m(x)[1])
m.eval()
print(m(x)[1])
try:
    F.rrelu(x, 0.5, 0.1)
except RuntimeError as err:
    print("RuntimeError:", err)
