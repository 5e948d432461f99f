import torch
import torch.nn.functional as F
from torch import nn

x = torch.arange(12.0).reshape(1, 2, 6).requires_grad_()
y = F.pad(x, (2, 1), mode="circular")
print(y, nn.CircularPad1d((1, 2)), nn.CircularPad1d(3)(x[0]))
(y * torch.arange(9.0)).sum().backward()
print(x.grad)
print(F.pad(x, (-1, 2), mode="circular"), F.pad(x, (3, -2), mode="circular"))
torch.manual_seed(0)
img = torch.randn(2, 3, 4, requires_grad=True)
pad2 = nn.CircularPad2d((1, 2, 2, 0))
out = pad2(img)
print(pad2, nn.CircularPad2d(1), out[1], out.shape)
(out * torch.linspace(-1, 1, out.numel()).reshape(out.shape)).sum().backward()
print(img.grad)
vol = torch.arange(16.0).reshape(1, 1, 2, 2, 4).requires_grad_()
pad3 = nn.CircularPad3d((1, 0, 2, 1, 0, 1))
out = pad3(vol)
print(pad3, out.shape, out[0, 0, 2])
out.pow(2).sum().backward()
print(vol.grad)
for bad in [(x, (7, 0)), (x, (1, 1, 1, 1, 1, 1)), (x, (-6, 0))]:
    try:
        F.pad(bad[0], bad[1], mode="circular")
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    F.pad(x, (1, 1), mode="circular", value=2.0)
except RuntimeError as e:
    print("RuntimeError:", e)
