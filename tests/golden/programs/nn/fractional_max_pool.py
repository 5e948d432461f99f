import torch
import torch.nn as nn
import torch.nn.functional as F

# Fractional max pooling (Graham, 2014): pseudo-random window starts from torch.rand per plane
torch.manual_seed(0)
x = torch.randn(2, 3, 9, 10, requires_grad=True)
pool = nn.FractionalMaxPool2d(3, output_ratio=(0.5, 0.6), return_indices=True)
values, indices = pool(x)
print(pool, values.shape, values.grad_fn.name(), values[1, 2], indices[1, 2])
(values * torch.linspace(-1, 1, values.numel()).reshape(values.shape)).sum().backward()
print(x.grad[1, 2])
y = F.fractional_max_pool2d(x[0], (2, 3), output_size=(5, 4))
print(y[1], torch.randn(2))  # the stream continues after the samples drawn
samples = torch.tensor([[[0.25, 0.75], [0.5, 0.0], [0.99, 0.4]]])
print(F.fractional_max_pool2d(x[:1], 2, output_size=4, _random_samples=samples, return_indices=True)[1][0])
g, = torch.autograd.grad(F.fractional_max_pool2d(x, 2, output_size=(4, 5)).pow(2).sum(), x, create_graph=True)
print(g.grad_fn.name(), g[0, 0, :3])

vol = torch.randn(1, 2, 6, 7, 8, requires_grad=True)
out, idx = F.fractional_max_pool3d(vol, (2, 3, 2), output_size=(3, 4, 5), return_indices=True)
print(out.grad_fn.name(), out[0, 1, 2], idx[0, 0, 1])
out.sum().backward()
print(vol.grad[0, 1, 3], nn.FractionalMaxPool3d(2, output_ratio=0.5)(vol[0]).shape, nn.FractionalMaxPool3d(2, output_size=3))
print(F.fractional_max_pool2d(x.double(), 2, output_ratio=(0.5, 0.5))[0, 0])
for call in [lambda: F.fractional_max_pool2d(x, 3), lambda: F.fractional_max_pool2d(x, 3, output_size=8),
             lambda: F.fractional_max_pool2d(x, 2, output_ratio=(0.5, 0.5, 0.5)), lambda: nn.FractionalMaxPool2d(2),
             lambda: nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5), lambda: nn.FractionalMaxPool2d(2, output_ratio=1.5),
             lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=torch.rand(2, 3, 3)),
             lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=torch.rand(1, 3, 2)),
             lambda: F.fractional_max_pool3d(vol, 3, output_size=5),
             lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=torch.rand(2, 3, 2).double()),
             lambda: F.fractional_max_pool2d(x, 2, output_ratio=0.5)]:
    try:
        call()
    except (RuntimeError, ValueError, TypeError) as err:
        print(type(err).__name__, err)
