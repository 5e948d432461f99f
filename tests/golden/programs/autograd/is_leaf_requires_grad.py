import torch
a = torch.tensor([1.0], requires_grad=True)
b = torch.tensor([2.0])
c = a * 2
d = b * 2
e = c.detach()
print(a.is_leaf, b.is_leaf, c.is_leaf, d.is_leaf, e.is_leaf)
print(a.requires_grad, b.requires_grad, c.requires_grad, d.requires_grad, e.requires_grad)
f = (a + b)
print(f.requires_grad, f.is_leaf)
with torch.no_grad():
    g = a * 2
print(g.requires_grad, g.is_leaf, g.grad_fn)
p = torch.nn.Parameter(torch.ones(1))
print(p.is_leaf, p.requires_grad)
