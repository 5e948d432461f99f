import torch
x = torch.tensor([-2.0, 0.0, 0.5, 3.0], requires_grad=True)
torch.sigmoid(x).sum().backward()
print(x.grad)
print(x.grad.tolist())
x.grad = None
torch.tanh(x).sum().backward()
print(x.grad)
