# Source: Dive into Deep Learning (d2l.ai), chapter_multilayer-perceptrons/numerical-stability-and-init.md,
#   PyTorch tab (https://github.com/d2l-ai/d2l-en). Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: the plot of sigmoid and its gradient is replaced by printing some of their values; seeded.
import torch

torch.manual_seed(0)

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = torch.sigmoid(x)
y.backward(torch.ones_like(x))
print(y.detach()[::16])
print(x.grad[::16])

M = torch.normal(0, 1, size=(4, 4))
print('a single matrix \n', M)
for i in range(100):
    M = M @ torch.normal(0, 1, size=(4, 4))
print('after multiplying 100 matrices\n', M)
