import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
print(x.requires_grad, x.is_leaf)
y = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print(y)
