import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
d = x.detach()
d[0] = 10
print(x)
print(d.requires_grad, d.is_leaf, d.grad_fn)
