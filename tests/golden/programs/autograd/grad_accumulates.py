import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
for i in range(3):
    y = (x * x).sum()
    y.backward()
    print(x.grad)
x.grad.zero_()
print(x.grad)
x.grad = None
(x * 3).sum().backward()
print(x.grad)
