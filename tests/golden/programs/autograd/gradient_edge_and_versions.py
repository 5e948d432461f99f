import torch

x = torch.ones(2, requires_grad=True)
y = x * 2
edge = torch.autograd.graph.get_gradient_edge(y)
print(edge.node.name(), edge.output_nr, type(edge).__name__)
z = y.exp()
print(torch.autograd.grad(z.sum(), edge, retain_graph=True))
print(torch.autograd.grad(z.sum(), (x, edge)))
leaf = torch.autograd.graph.get_gradient_edge(x)
print(leaf.node.name(), leaf.output_nr)
try:
    torch.autograd.graph.get_gradient_edge(torch.ones(1))
except RuntimeError as err:
    print("RuntimeError:", err)
t = torch.ones(2)
print(t._version)
torch.autograd.graph.increment_version(t)
torch.autograd.graph.increment_version([t, t])
print(t._version)

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.clone()
out = (b ** 2).sum()
b.sin_()
try:
    out.backward()
except RuntimeError as err:
    print("RuntimeError:", err)
with torch.autograd.graph.allow_mutation_on_saved_tensors() as ctx:
    b = a.clone()
    out = (b ** 2).sum()
    b.sin_()
    out.backward()
    print(a.grad, b)
    print(type(ctx).__name__)
    try:
        with torch.autograd.graph.allow_mutation_on_saved_tensors():
            pass
    except RuntimeError as err:
        print("RuntimeError:", err)
c = a.clone()
with torch.autograd.graph.allow_mutation_on_saved_tensors():
    out = (c ** 2).sum()
try:
    out.backward()
except AssertionError as err:
    print("AssertionError:", err)
