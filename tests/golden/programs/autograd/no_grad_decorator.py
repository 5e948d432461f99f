import torch

@torch.no_grad()
def double(t):
    print("inside:", torch.is_grad_enabled())
    return t * 2

x = torch.tensor([1.0], requires_grad=True)
y = double(x)
print(y.requires_grad, torch.is_grad_enabled())
