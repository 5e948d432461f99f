import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
print(torch.autograd.grad(y, x, grad_outputs=torch.ones(3), retain_graph=True))
print(torch.autograd.grad(y, x, torch.tensor([1.0, 0.0, -1.0])))
