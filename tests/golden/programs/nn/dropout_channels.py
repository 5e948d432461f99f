import torch
import torch.nn.functional as F
from torch import nn
# channel-wise dropout: one draw per (sample, channel) from the seeded generator, values, gradients, warnings
torch.manual_seed(0)
x = torch.arange(1.0, 49.0).reshape(2, 4, 3, 2).requires_grad_()
y = F.dropout2d(x, 0.5)
y.sum().backward()
print(y[:, :, 0, 0], x.grad[:, :, 0, 0], y.grad_fn.name())
print(F.dropout1d(torch.ones(2, 5, 3), 0.3)[:, :, 0], F.dropout1d(torch.ones(5, 3), 0.3)[:, 0])
print(F.dropout3d(torch.ones(2, 3, 2, 2, 2), 0.5)[:, :, 0, 0, 0], F.dropout3d(torch.ones(3, 2, 2, 2), 0.5)[:, 0, 0, 0])
print(F.dropout2d(torch.ones(2, 3, 4), 0.5)[:, :, 0])
print(F.dropout2d(torch.ones(2, 3), 0.5))
print(F.dropout2d(x, 0.5, training=False) is x, F.dropout2d(x, 0.0) is x, F.dropout2d(torch.ones(1, 2, 1, 1), 1.0).flatten())
z = torch.ones(2, 3, 2, 2)
F.dropout2d(z, 0.25, inplace=True)
print(z[:, :, 0, 0])
m = nn.Dropout2d(0.4)
print(m, m(torch.ones(3, 2, 1, 1)).flatten(), m.eval()(torch.ones(1, 2, 1, 1)).flatten(), nn.Dropout1d(), nn.Dropout3d(0.2, True))
try:
    F.dropout1d(torch.ones(2, 3, 4, 5))
except RuntimeError as e:
    print(e)
s = nn.Softmax2d()
print(s, s(x.detach()[:, :, :1, :1]).flatten(), s(torch.ones(2, 1, 1)).shape)
try:
    s(torch.ones(2, 3))
except ValueError as e:
    print(e)
