import warnings

import torch
import torch.nn.functional as F

# Spatial transformer: affine_grid makes sampling locations, grid_sample reads the input there
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 6, requires_grad=True)
theta = torch.tensor([[[0.9, -0.3, 0.1], [0.25, 1.1, -0.2]], [[1.3, 0.2, 0.05], [-0.4, 0.8, 0.3]]], requires_grad=True)
for align_corners in (False, True):
    grid = F.affine_grid(theta, (2, 3, 4, 7), align_corners=align_corners)
    print(grid.grad_fn.name(), grid[1, 2])
    for mode in ("bilinear", "nearest", "bicubic"):
        for padding_mode in ("zeros", "border", "reflection"):
            x.grad = theta.grad = None
            y = F.grid_sample(x, grid * 1.3, mode=mode, padding_mode=padding_mode, align_corners=align_corners)
            (y * torch.linspace(-1, 1, y.numel()).reshape(y.shape)).sum().backward()
            print(mode, padding_mode, align_corners, y.grad_fn.name(), y[1, 1].flatten().tolist())
            print(x.grad[0, 2].flatten().tolist(), theta.grad.flatten().tolist())

# 3-d: trilinear ("bilinear") and nearest
vol = torch.randn(1, 2, 3, 4, 5, requires_grad=True)
theta3 = torch.tensor([[[0.8, 0.1, -0.2, 0.1], [0.0, 1.2, 0.3, -0.1], [0.2, -0.1, 0.9, 0.05]]], requires_grad=True)
grid3 = F.affine_grid(theta3, (1, 2, 2, 3, 4), align_corners=False)
print(grid3.grad_fn.name(), grid3[0, 1, 2])
for mode in ("bilinear", "nearest"):
    for padding_mode in ("zeros", "border", "reflection"):
        vol.grad = theta3.grad = None
        y = F.grid_sample(vol, grid3 * 1.4, mode=mode, padding_mode=padding_mode, align_corners=True)
        (y * torch.linspace(-1, 1, y.numel()).reshape(y.shape)).sum().backward()
        print(mode, padding_mode, y.grad_fn.name(), y[0, 1].flatten().tolist())
        print(vol.grad[0, 0].flatten().tolist(), theta3.grad.flatten().tolist())

# float64, the torch.* forms, the default align_corners warning, errors
xd, gd = x.detach().double().requires_grad_(), (torch.rand(2, 3, 4, 2, dtype=torch.float64) * 2.4 - 1.2).requires_grad_()
yd = F.grid_sample(xd, gd, mode="bicubic", padding_mode="reflection", align_corners=False)
yd.pow(2).sum().backward()
print(yd[0, 0], xd.grad[1, 1], gd.grad[0])
print(torch.grid_sampler(x, grid, 0, 1, True).shape, torch.grid_sampler_2d(x, grid, 1, 0, False).shape,
      torch.affine_grid_generator(theta, [2, 1, 2, 2], False).grad_fn.name())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.affine_grid(theta, (2, 3, 4, 5))
    F.grid_sample(x, grid)
print([str(w.message) for w in caught])
for call in [lambda: F.grid_sample(x, grid, mode="area"), lambda: F.grid_sample(x, grid, padding_mode="wrap"),
             lambda: F.grid_sample(x, grid.double(), align_corners=False), lambda: F.grid_sample(x, grid[:1], align_corners=False),
             lambda: F.grid_sample(x, grid[..., :1], align_corners=False),
             lambda: F.grid_sample(x[:, :, :0], grid, align_corners=False),
             lambda: F.grid_sample(vol, grid3, mode="bicubic", align_corners=False),
             lambda: F.affine_grid(theta, (2, 3, 4, 5, 6), align_corners=False),
             lambda: F.affine_grid(theta3, (2, 3, 4, 5), align_corners=False), lambda: F.affine_grid(theta, (2, 3, 4), align_corners=False),
             lambda: F.affine_grid(theta, (2, 3, 0, 5), align_corners=True), lambda: F.affine_grid(theta.long(), (2, 3, 4, 5), align_corners=True)]:
    try:
        call()
    except (RuntimeError, ValueError, NotImplementedError) as err:
        print(type(err).__name__, err)
