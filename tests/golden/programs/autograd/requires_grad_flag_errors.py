# requires_grad is a leaf's flag: a computed tensor's cannot be changed, an integer tensor cannot
# require gradients, and the flag takes a bool only.
import torch

x = torch.ones(2, requires_grad=True)
y = x * 2


def show(change):
    try:
        change()
        print("ok", y.requires_grad, i.requires_grad, x.requires_grad)
    except RuntimeError as e:
        print("RuntimeError:", e)


i = torch.ones(2, dtype=torch.long)
show(lambda: setattr(y, "requires_grad", False))
show(lambda: y.requires_grad_(False))
show(lambda: setattr(y, "requires_grad", True))
show(lambda: y.requires_grad_(True))
show(lambda: setattr(i, "requires_grad", True))
show(lambda: i.requires_grad_())
show(lambda: setattr(i, "requires_grad", False))
show(lambda: setattr(x, "requires_grad", 1))
show(lambda: setattr(x, "requires_grad", "yes"))
print(y.requires_grad, y.grad_fn.name())

# a leaf's flag changes freely: freezing and unfreezing, a tensor made under no_grad, a detached one
x.requires_grad = False
print(x.requires_grad, (x * 2).requires_grad)
x.requires_grad = True
with torch.no_grad():
    z = x * 2
z.requires_grad = True
print(z.requires_grad, z.grad_fn, z.is_leaf)
d = y.detach()
d.requires_grad = True
(d * d).sum().backward()
print(d.grad)
layer = torch.nn.Linear(2, 1)
for p in layer.parameters():
    p.requires_grad = False
print([p.requires_grad for p in layer.parameters()], layer(x).requires_grad)
