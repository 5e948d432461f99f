import torch
import torch.nn as nn
import torch.nn.functional as F

# 3-d adaptive average and max pooling: windows [floor(i*n/o), ceil((i+1)*n/o)) per dim
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 7, 6, requires_grad=True)
for size in [(2, 3, 4), (3, None, 1), 1, (4, 5, 4)]:
    y = F.adaptive_avg_pool3d(x, size)
    w = torch.randn(y.shape)
    (y * w).sum().backward()
    print(size, y.grad_fn.name(), tuple(y.shape), y.flatten()[:12].tolist())
    print(x.grad.flatten()[::11].tolist())
    x.grad = None
    values, indices = F.adaptive_max_pool3d(x, size, return_indices=True)
    (values * w).sum().backward()
    print(values.grad_fn.name(), values.flatten()[:12].tolist(), indices.flatten()[:12].tolist())
    print(x.grad.flatten()[::11].tolist())
    x.grad = None
print(nn.AdaptiveAvgPool3d((2, None, 3))(x[0]).shape, nn.AdaptiveMaxPool3d(2, return_indices=True)(x)[1][1, 2])
print(nn.AdaptiveAvgPool3d((2, None, 3)), nn.AdaptiveMaxPool3d(2, return_indices=True))
print(F.adaptive_avg_pool3d(x.double(), (2, 3, 4))[0, 0])
g, = torch.autograd.grad(F.adaptive_avg_pool3d(x, 2).pow(2).sum(), x, create_graph=True)
print(g.grad_fn.name(), g[0, 0, 0])
for call in [lambda: F.adaptive_avg_pool3d(torch.randn(2, 3, 4), 2), lambda: F.adaptive_max_pool3d(torch.randn(2, 3, 4), 2),
             lambda: F.adaptive_avg_pool3d(torch.randn(2, 3, 0, 4), 2)]:
    try:
        call()
    except RuntimeError as err:
        print(err)
