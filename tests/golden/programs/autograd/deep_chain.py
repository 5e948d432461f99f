import torch
x = torch.tensor(1.0, requires_grad=True)
y = x
for _ in range(100000):
    y = y * 1.0
y.backward()
print(x.grad)
