import torch
import torch.nn.functional as F
# 1-d pooling (PyTorch runs it as 2-d on an unsqueezed input) and adaptive average pooling
torch.manual_seed(0)
x = torch.randn(2, 3, 7, requires_grad=True)
img = torch.randn(1, 2, 5, 7, requires_grad=True)
for name, make in [("max_pool1d", lambda: F.max_pool1d(x, 2)), ("max_pool1d s1 p1", lambda: F.max_pool1d(x, 3, 1, 1)),
                   ("avg_pool1d", lambda: F.avg_pool1d(x, 3, 2, 1)), ("avg_pool1d ceil", lambda: F.avg_pool1d(x, 2, ceil_mode=True)),
                   ("adaptive 1", lambda: F.adaptive_avg_pool2d(img, 1)), ("adaptive (3, 2)", lambda: F.adaptive_avg_pool2d(img, (3, 2))),
                   ("adaptive (None, 4)", lambda: F.adaptive_avg_pool2d(img, (None, 4))),
                   ("adaptive 1d", lambda: F.adaptive_avg_pool1d(x, 3)),
                   ("MaxPool1d", lambda: torch.nn.MaxPool1d(3, stride=2)(x)), ("AvgPool1d", lambda: torch.nn.AvgPool1d(2)(x)),
                   ("AdaptiveAvgPool2d", lambda: torch.nn.AdaptiveAvgPool2d((2, 2))(img)),
                   ("AdaptiveAvgPool1d", lambda: torch.nn.AdaptiveAvgPool1d(2)(x))]:
    x.grad = img.grad = None
    y = make()
    (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
    grad = x.grad if x.grad is not None else img.grad
    print(name, y.grad_fn.name(), tuple(y.shape), y.flatten().tolist()[:8], grad.flatten().tolist()[:10])
v, i = F.max_pool1d(x, 2, return_indices=True)
print(i[0, 0].tolist())
print(torch.nn.MaxPool1d(3, stride=2), torch.nn.AvgPool1d(2), torch.nn.AdaptiveAvgPool2d((2, 2)), torch.nn.AdaptiveAvgPool2d(1),
      torch.nn.AdaptiveAvgPool1d(2))
img.grad = None
y = F.avg_pool2d(img, 3, stride=2, padding=1, count_include_pad=False)
(y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
print(y.flatten().tolist(), img.grad.flatten().tolist())
