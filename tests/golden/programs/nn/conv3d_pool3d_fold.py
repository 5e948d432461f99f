import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 2, 4, 5, 4, requires_grad=True)
conv = nn.Conv3d(2, 3, (2, 3, 2), stride=(1, 2, 1), padding=1)
print(conv, conv.weight.shape)
y = conv(x)
print(y.shape, y.grad_fn.name(), y[1, 2, 0])
pooled = nn.MaxPool3d(2, stride=(1, 2, 2), padding=1)(y)
values, indices = F.max_pool3d(x, (2, 3, 2), return_indices=True)
print(pooled.shape, pooled.grad_fn.name(), values[0, 1], indices[0, 1])
avg = F.avg_pool3d(x, 3, stride=2, padding=1, count_include_pad=False)
print(avg, nn.AvgPool3d(2, ceil_mode=True)(x).shape, avg.grad_fn.name())
(pooled.sum() + avg.pow(2).sum() + values.sum()).backward()
print(x.grad[1, 1], conv.bias.grad)
print(nn.MaxPool3d(3), nn.AvgPool3d((2, 1, 2), stride=1), nn.InstanceNorm3d(2, affine=True))

img = torch.arange(2 * 3 * 4 * 5.0).reshape(2, 3, 4, 5).requires_grad_()
cols = F.unfold(img, (2, 3), padding=1, stride=(2, 1))
print(cols.shape, cols.grad_fn.name(), cols[1, 5])
back = F.fold(cols, (4, 5), (2, 3), padding=1, stride=(2, 1))
print(back.grad_fn.name(), back[1])
back.pow(2).sum().backward()
print(img.grad[0])
print(F.unfold(img[0], 2).shape, nn.Unfold(2, stride=2), nn.Fold((4, 4), 2))
print(nn.Fold((3, 3), 2)(torch.ones(1, 4, 4)))
seq = torch.arange(7.0, requires_grad=True)
windows = seq.unfold(0, 3, 2)
print(windows, windows.grad_fn.name(), windows.is_contiguous())
windows.sum().backward()
print(seq.grad, torch.arange(12.0).reshape(3, 4).unfold(1, 2, 1).shape, torch.tensor(3.0).unfold(0, 1, 1))
for call in (lambda: F.fold(torch.ones(2, 5, 4), (3, 3), 2), lambda: F.fold(torch.ones(1, 4, 3), (3, 3), 2),
             lambda: seq.unfold(0, 8, 1), lambda: seq.unfold(0, 2, 0)):
    try:
        call()
    except RuntimeError as err:
        print(err)

torch.manual_seed(1)
up = nn.ConvTranspose3d(2, 3, (2, 3, 2), stride=2, padding=1, output_padding=1)
x = torch.randn(1, 2, 3, 3, 2, requires_grad=True)
y = up(x)
print(up, y.shape, y[0, 1, 1], y.grad_fn.name())
y.pow(2).sum().backward()
print(x.grad[0, 0], up.bias.grad)
print(nn.ConstantPad3d(1, 2.0)(torch.ones(1, 1, 1, 2)), nn.ZeroPad3d((1, 0, 0, 1, 1, 0)), nn.ConstantPad3d(1, 3.5))
