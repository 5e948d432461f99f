import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
y.add_(1)
print(y.grad_fn.name())
y.mul_(2)
print(y.grad_fn.name())
y.relu_()
print(y.grad_fn.name())
y[0] = 5
print(y.grad_fn.name())
y.clamp_(max=10)
print(y.grad_fn.name())
y.sigmoid_()
print(y.grad_fn.name())
y.exp_()
print(y.grad_fn.name())
y.zero_()
print(y.grad_fn.name())
