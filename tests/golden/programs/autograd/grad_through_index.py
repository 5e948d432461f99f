import torch
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x[[0, 0, 2]].sum() + x[x > 2].sum() * 10
y.backward()
print(x.grad)
