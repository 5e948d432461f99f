import torch
from torch import nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 3)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(3, 1)
        self.scale = nn.Parameter(torch.ones(1))
        self.register_buffer("steps", torch.zeros(1))
        self.plain = torch.ones(2)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x))) * self.scale

torch.manual_seed(0)
net = Net()
print(net)
for name, p in net.named_parameters():
    print(name, tuple(p.shape))
print([name for name, _ in net.named_buffers()])
print([type(m).__name__ for m in net.children()])
print([name for name, _ in net.named_modules()])
print(sum(p.numel() for p in net.parameters()))
print(net(torch.ones(4, 2)))
