# Rounding and frac keep IEEE signed zeros as PyTorch does: round/ceil/trunc of a small negative
# is -0., frac(-0.) is +0. (x - trunc(x)).
import torch

t = torch.tensor([-0.5, -0.2, 0.5, -1.5, -0.0, 2.5])
for dtype in (torch.float32, torch.float64):
    x = t.to(dtype)
    print(x.round(), x.ceil(), x.floor(), x.trunc(), x.frac(), torch.round(x, decimals=1))
print(torch.tensor(-0.0).frac(), torch.tensor(-3.0).frac(), torch.tensor([float("inf"), float("nan")]).frac())
