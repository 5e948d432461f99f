import warnings

import torch
import torch.nn.functional as F

# torch.conv_tbc: 1-d convolution over (time, batch, channels) sequences (fairseq's layout)
torch.manual_seed(0)
x = torch.randn(6, 2, 3, requires_grad=True)
w = torch.randn(3, 3, 4, requires_grad=True)
b = torch.randn(4, requires_grad=True)
for pad in (0, 1, 2):
    x.grad = w.grad = b.grad = None
    y = torch.conv_tbc(x, w, b, pad)
    (y * torch.linspace(-1, 1, y.numel()).reshape(y.shape)).sum().backward()
    print(pad, y.shape, y.grad_fn.name(), y[:, 1])
    print(x.grad[:, 0], w.grad[1], b.grad)
gx, = torch.autograd.grad(F.conv_tbc(x, w, b, 1).pow(2).sum(), x, create_graph=True)
print(gx.grad_fn.name(), gx[2])
gx.sum().backward()
print(w.grad[0])
for call in [lambda: torch.conv_tbc(x, w, b[:2]), lambda: torch.conv_tbc(x[0], w, b), lambda: torch.conv_tbc(x, w[0], b),
             lambda: torch.conv_tbc(x, w[:, :2], b)]:
    try:
        call()
    except RuntimeError as err:
        print(err)

# torch.convolution: the ATen entry point behind every conv layer
img, kernel = torch.randn(1, 2, 5, 5, requires_grad=True), torch.randn(3, 2, 2, 2, requires_grad=True)
y = torch.convolution(img, kernel, None, [1, 2], [1, 0], [1, 1], False, [0, 0], 1)
print(y.grad_fn.name(), y[0, 1])
up, up_bias = torch.randn(2, 3, 3, 3), torch.randn(3)
t = torch.convolution(img, up, up_bias, [2, 2], [1, 1], [1, 1], True, [1, 1], 1)
print(t.shape, t.grad_fn.name(), torch.equal(t, F.conv_transpose2d(img, up, up_bias, 2, 1, 1)))
print(torch.convolution(x.permute(1, 2, 0), w.permute(2, 1, 0), b, [1], [1], [1], False, [0], 1)[1, :, 2])
try:
    torch.convolution(img[0], kernel, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1)
except RuntimeError as err:
    print(err)

# the deprecated upsampling functions: interpolate, with a warning
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    a = F.upsample(img, scale_factor=2, mode="bilinear", align_corners=False)
    n = F.upsample_nearest(img, size=(7, 8))
    bl = F.upsample_bilinear(img, scale_factor=1.5)
print([str(w.message) for w in caught])
print(a[0, 0, 1], n[0, 1, 2], bl[0, 0, 3], bl.grad_fn.name())
print(F.pdist(img[0, 0]), F.pdist(img[0, 1], p=1).grad_fn.name())
