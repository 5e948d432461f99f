import torch
x = torch.tensor(2.0, requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
y = x * w
print(y.grad_fn(torch.tensor(1.0)))
s = (x + w)
print(s.grad_fn(torch.tensor(2.0)))
