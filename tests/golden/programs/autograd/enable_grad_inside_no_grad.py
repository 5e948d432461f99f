import torch
x = torch.tensor([1.0], requires_grad=True)
with torch.no_grad():
    with torch.enable_grad():
        y = x * 2
    z = x * 2
print(y.requires_grad, z.requires_grad)

@torch.enable_grad()
def f(t):
    return t * 3

with torch.no_grad():
    print(f(x).requires_grad)
