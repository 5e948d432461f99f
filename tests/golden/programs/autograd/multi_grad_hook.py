import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
c = a * 2
d = b * 3


def all_hook(grads):
    print("all:", [None if g is None else g.tolist() for g in grads])


handle = torch.autograd.graph.register_multi_grad_hook((c, d), all_hook)
print(type(handle).__name__)
(c.sum() + d.sum()).backward(retain_graph=True)
(c * 5).sum().backward(retain_graph=True)
torch.autograd.grad((d * 7).sum(), b, retain_graph=True)
handle.remove()
(c.sum() + d.sum()).backward(retain_graph=True)

h2 = torch.autograd.graph.register_multi_grad_hook((c, d), lambda g: print("any:", g), mode="any")
(c.sum() * 2 + d.sum()).backward(retain_graph=True)
(d.sum()).backward(retain_graph=True)
h2.remove()
try:
    torch.autograd.graph.register_multi_grad_hook((c, d), print, mode="some")
except ValueError as err:
    print("ValueError:", err)
