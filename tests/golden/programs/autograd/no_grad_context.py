import torch
x = torch.tensor([1.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled())
print(y.requires_grad, torch.is_grad_enabled())
