# golden: tolerance=6sig-line
# grid_sample's second derivative (a gradient penalty through a spatial transformer): the engine
# computes it in float64 and rounds once, PyTorch in float32 steps, so values agree to 6 digits.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 2, 5, 6, requires_grad=True)
grid = (torch.rand(1, 3, 4, 2) * 2.2 - 1.1).requires_grad_()
vol = torch.randn(1, 2, 3, 4, 5, requires_grad=True)
grid3 = (torch.rand(1, 2, 2, 3, 3) * 2.2 - 1.1).requires_grad_()
for mode in ("bilinear", "nearest", "bicubic"):
    for padding_mode in ("zeros", "border", "reflection"):
        for align_corners in (False, True):
            x.grad = grid.grad = None
            y = F.grid_sample(x, grid, mode=mode, padding_mode=padding_mode, align_corners=align_corners)
            gx, gg = torch.autograd.grad((y * y).sum(), (x, grid), create_graph=True)
            print(mode, padding_mode, align_corners, gx.grad_fn.name(), gg.grad_fn.name())
            (gx.pow(2).sum() + gg.pow(2).sum()).backward()
            print(x.grad.flatten()[::5].tolist(), grid.grad.flatten().tolist())
            if mode != "bicubic":
                vol.grad = grid3.grad = None
                y = F.grid_sample(vol, grid3, mode=mode, padding_mode=padding_mode, align_corners=align_corners)
                gv, gg = torch.autograd.grad(y.sum(), (vol, grid3), create_graph=True)
                ((gv * vol).sum() + gg.pow(2).sum()).backward()
                print(vol.grad.flatten()[::9].tolist(), grid3.grad.flatten().tolist())
