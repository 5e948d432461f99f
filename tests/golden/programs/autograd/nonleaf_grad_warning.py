import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 2
y = h.sum()
y.backward()
print(h.grad)
print(x.grad)
