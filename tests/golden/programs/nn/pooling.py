import torch
from torch import nn
x = torch.arange(16.0).view(1, 1, 4, 4)
print(nn.MaxPool2d(2)(x))
print(nn.AvgPool2d(2)(x))
print(nn.MaxPool2d(3, stride=1)(x))
print(nn.functional.max_pool2d(x, 2, stride=1).shape)
x.requires_grad_()
nn.MaxPool2d(2)(x).sum().backward()
print(x.grad)
