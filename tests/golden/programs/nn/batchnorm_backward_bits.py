# BatchNorm to the last bit, forward and gradients: image inputs (per-plane lane sums), (N, C)
# inputs (per-thread row sums), with and without affine parameters, training and eval, float32 and float64.
import torch
from torch import nn

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for shape, affine, training in [((2, 3, 5, 5), True, True), ((4, 2, 3, 3), False, True),
                                    ((3, 2, 17), True, True), ((2, 2, 2, 3, 3), True, True),
                                    ((33, 17), True, True), ((7, 5), False, True),
                                    ((5, 4, 1, 1), True, True), ((4, 3, 6), True, False)]:
        x = torch.randn(*shape, dtype=dtype, requires_grad=True)
        bn = {2: nn.BatchNorm1d, 3: nn.BatchNorm1d, 4: nn.BatchNorm2d, 5: nn.BatchNorm3d}[len(shape)](
            shape[1], affine=affine).to(dtype)
        if affine:
            with torch.no_grad():
                bn.weight.copy_(torch.randn(shape[1], dtype=dtype))
                bn.bias.copy_(torch.randn(shape[1], dtype=dtype))
        if not training:
            with torch.no_grad():
                bn.running_var.copy_(torch.rand(shape[1], dtype=dtype) + 0.5)
            bn.eval()
        y = bn(x)
        y.backward(torch.randn(y.shape, dtype=dtype))
        print(dtype, shape, affine, training)
        print(y.flatten().tolist())
        print(x.grad.flatten().tolist())
        if affine:
            print(bn.weight.grad.tolist(), bn.bias.grad.tolist())
