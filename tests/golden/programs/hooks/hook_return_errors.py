import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
def bad(gi, go):
    return (gi[0], gi[0])
h = y.grad_fn.register_hook(bad)
try:
    y.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
h.remove()
h = y.grad_fn.register_prehook(lambda go: (go[0], go[0]))
try:
    y.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
h.remove()
def named(go):
    return ()
y.grad_fn.register_prehook(named)
try:
    y.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
z = x * 3
z.register_hook(lambda g: torch.ones(3))
try:
    z.sum().backward()
except RuntimeError as e:
    print(e)
w = x * 4
w.register_hook(lambda g: g.double())
try:
    w.sum().backward()
except RuntimeError as e:
    print(e)
print(x.grad)
