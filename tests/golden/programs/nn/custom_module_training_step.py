import torch
from torch import nn

class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(2, 4)
        self.out = nn.Linear(4, 1)

    def forward(self, x):
        return self.out(torch.relu(self.hidden(x)))

torch.manual_seed(0)
model = TwoLayer()
x = torch.tensor([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]])
y = torch.tensor([[1.0], [1.0], [0.0], [0.0]])
loss = ((model(x) - y) ** 2).mean()
print(loss)
loss.backward()
print(model.hidden.weight.grad)
print(model.out.bias.grad)
