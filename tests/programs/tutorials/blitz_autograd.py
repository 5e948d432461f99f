# Source: PyTorch tutorials, "Deep Learning with PyTorch: A 60 Minute Blitz", beginner_source/blitz/
#   autograd_tutorial.py (https://github.com/pytorch/tutorials). Licence: BSD-3-Clause.
# Changed: the tutorial downloads torchvision's pretrained resnet18; a small convolutional model of
#   the same kind (conv, pooling, a final `fc` layer) with random weights stands in for it, fed a
#   smaller random image batch. Seeded for a reproducible output. The rest is unchanged.
import torch
from torch import nn, optim

torch.manual_seed(0)


class TinyResNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, kernel_size=3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(4, 1000)

    def forward(self, x):
        x = torch.relu(self.conv1(x))
        return self.fc(torch.flatten(self.pool(x), 1))


model = TinyResNet()
data = torch.rand(1, 3, 16, 16)
labels = torch.rand(1, 1000)

prediction = model(data) # forward pass

loss = (prediction - labels).sum()
loss.backward() # backward pass

optim = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)

optim.step() #gradient descent

a = torch.tensor([2., 3.], requires_grad=True)
b = torch.tensor([6., 4.], requires_grad=True)

Q = 3*a**3 - b**2

external_grad = torch.tensor([1., 1.])
Q.backward(gradient=external_grad)

# check if collected gradients are correct
print(9*a**2 == a.grad)
print(-2*b == b.grad)

x = torch.rand(5, 5)
y = torch.rand(5, 5)
z = torch.rand((5, 5), requires_grad=True)

a = x + y
print(f"Does `a` require gradients?: {a.requires_grad}")
b = x + z
print(f"Does `b` require gradients?: {b.requires_grad}")

from torch import nn, optim

model = TinyResNet()

# Freeze all the parameters in the network
for param in model.parameters():
    param.requires_grad = False

model.fc = nn.Linear(4, 10)

# Optimize only the classifier
optimizer = optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
print(model.fc)
