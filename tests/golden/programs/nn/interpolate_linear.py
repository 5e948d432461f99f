import torch
import torch.nn.functional as F
from torch import nn
# (bi)linear resizing, with and without align_corners: values and gradients as printed (PyTorch's
# vectorised kernels round in an order not reproduced: the last bit can differ)
torch.manual_seed(0)
x = torch.randn(1, 2, 3, 4, requires_grad=True)
s = torch.randn(2, 1, 5, requires_grad=True)
for name, make in [("bilinear x2", lambda: F.interpolate(x, scale_factor=2, mode="bilinear")),
                   ("bilinear size (5, 7)", lambda: F.interpolate(x, size=(5, 7), mode="bilinear")),
                   ("bilinear align", lambda: F.interpolate(x, size=(5, 7), mode="bilinear", align_corners=True)),
                   ("bilinear down", lambda: F.interpolate(x, size=(2, 3), mode="bilinear")),
                   ("bilinear 1.7", lambda: F.interpolate(x, scale_factor=1.7, mode="bilinear")),
                   ("linear", lambda: F.interpolate(s, size=8, mode="linear")),
                   ("linear align", lambda: F.interpolate(s, scale_factor=1.5, mode="linear", align_corners=True)),
                   ("Upsample bilinear", lambda: nn.Upsample(scale_factor=2, mode="bilinear")(x)),
                   ("UpsamplingBilinear2d", lambda: nn.UpsamplingBilinear2d(scale_factor=2)(x))]:
    x.grad = s.grad = None
    y = make()
    (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
    grad = x.grad if x.grad is not None else s.grad
    print(name, y.grad_fn.name(), tuple(y.shape), y.detach().flatten()[:12], grad.flatten()[:12])
print(nn.Upsample(scale_factor=2, mode="bilinear"), nn.UpsamplingBilinear2d(scale_factor=2), nn.UpsamplingNearest2d(size=3))
