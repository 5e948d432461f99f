import torch
from torch import nn
for name in ['linear', 'sigmoid', 'tanh', 'relu', 'selu', 'conv2d']:
    print(name, nn.init.calculate_gain(name))
print(nn.init.calculate_gain('leaky_relu', 0.2))
