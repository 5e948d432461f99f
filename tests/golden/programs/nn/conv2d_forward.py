import torch
from torch import nn
conv = nn.Conv2d(1, 1, 2, bias=True)
with torch.no_grad():
    conv.weight.fill_(1.0)
    conv.bias.fill_(0.5)
x = torch.arange(16.0).view(1, 1, 4, 4)
y = conv(x)
print(y)
print(y.grad_fn.name())
y.sum().backward()
print(conv.weight.grad)
print(nn.Conv2d(1, 1, 3, padding=1)(x).shape, nn.Conv2d(1, 1, 3, stride=2)(x).shape)
