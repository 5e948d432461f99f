import torch
x = torch.arange(6.0, requires_grad=True)
m = x.view(2, 3)
y = (m[:, 1:] * m.t()[1:, :].t()).sum() + m[0, 0] * 5
y.backward()
print(x.grad)
