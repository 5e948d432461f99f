import torch
x = torch.tensor(0.5, requires_grad=True)
y = x
for i in range(50):
    y = torch.relu(y * 1.1 + 0.01) * 0.9
print(y.item())
y.backward()
print(x.grad.item())
