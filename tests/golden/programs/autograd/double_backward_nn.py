import torch
import torch.nn.functional as F
x = torch.tensor([-1.5, -0.25, 0.5, 2.0], requires_grad=True)
for name, f in [("gelu", F.gelu), ("silu", F.silu), ("elu", F.elu), ("softplus", F.softplus),
                ("leaky_relu", lambda t: F.leaky_relu(t, 0.1)), ("tanh", torch.tanh),
                ("sigmoid", torch.sigmoid)]:
    g, = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    h, = torch.autograd.grad(g.sum(), x)
    print(name, g, h)
y = torch.tensor([[0.2, -0.4, 1.0]], requires_grad=True)
target = torch.tensor([2])
loss = F.cross_entropy(y, target)
g, = torch.autograd.grad(loss, y, create_graph=True)
print(g)
print(torch.autograd.grad((g * g).sum(), y)[0])
