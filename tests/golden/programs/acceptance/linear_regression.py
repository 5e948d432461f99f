import torch
from torch import nn

torch.manual_seed(0)
x = torch.linspace(0, 1, 20).unsqueeze(1)
y = 2 * x + 1 + 0.1 * torch.randn(20, 1)

model = nn.Linear(1, 1)
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)

for step in range(100):
    prediction = model(x)
    loss = loss_fn(prediction, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step % 10 == 9:
        print(step, loss.item())

print(model.weight)
print(model.bias)
print(model.weight.item(), model.bias.item())
