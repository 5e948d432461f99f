import torch
import torch.nn.functional as F
from torch import nn
# nearest-neighbour resizing: PyTorch's source indices (float32 scales), nodes, gradients summed back
x = torch.arange(1.0, 13.0).reshape(1, 1, 3, 4).requires_grad_()
s = torch.arange(1.0, 6.0).reshape(1, 1, 5).requires_grad_()
for name, make in [("scale 2", lambda: F.interpolate(x, scale_factor=2)), ("size (5, 7)", lambda: F.interpolate(x, size=(5, 7))),
                   ("size (2, 3)", lambda: F.interpolate(x, size=(2, 3))), ("scale 1.5", lambda: F.interpolate(x, scale_factor=1.5)),
                   ("scale (0.7, 2.3)", lambda: F.interpolate(x, scale_factor=(0.7, 2.3))), ("1d size 8", lambda: F.interpolate(s, size=8)),
                   ("1d scale 0.5", lambda: F.interpolate(s, scale_factor=0.5)), ("Upsample", lambda: nn.Upsample(scale_factor=3)(x)),
                   ("Upsample size", lambda: nn.Upsample(size=(4, 6), mode="nearest")(x))]:
    x.grad = s.grad = None
    y = make()
    (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
    grad = x.grad if x.grad is not None else s.grad
    print(name, y.grad_fn.name(), tuple(y.shape), y.flatten().tolist(), grad.flatten().tolist())
print(nn.Upsample(scale_factor=2), nn.Upsample(size=(4, 6)), nn.Upsample(scale_factor=2.0, mode="nearest"))
for bad in [lambda: F.interpolate(x), lambda: F.interpolate(x, size=3, scale_factor=2)]:
    try:
        bad()
    except ValueError as e:
        print(e)
