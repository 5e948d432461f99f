import torch
import torch.nn.functional as F
# node names and gradients of ops whose backward is easy to get subtly wrong
x = torch.tensor([[1.0, -2.0, 3.0], [0.5, 3.0, -1.0]], requires_grad=True)


def show(name, y):
    x.grad = None
    out = y[0] if isinstance(y, tuple) else y
    print(name, out.grad_fn.name(), end=" ")
    (out * torch.arange(1.0, out.numel() + 1).reshape(out.shape)).sum().backward()
    print(x.grad.tolist())


show("clamp_min", x.clamp_min(0.5))
show("clamp_max", x.clamp_max(0.5))
show("clamp", x.clamp(-1.5, 2.0))
show("clamp tensor bounds", x.clamp(torch.zeros(3), torch.ones(3)))
show("kthvalue", x.kthvalue(2, 1))
show("kthvalue keepdim", x.kthvalue(1, 0, keepdim=True))
show("cummax", x.cummax(1))
show("cummin", x.cummin(0))
show("take", x.take(torch.tensor([[0, 5], [5, 1]])))
show("masked_select", x.masked_select(x > 0))
show("trace", x[:, :2].trace())
show("nan_to_num", x.nan_to_num())
show("aminmax", x.aminmax(dim=1))
show("diag_embed", torch.diag_embed(x))
print("fill_", x.clone().fill_(2.0).grad_fn.name(), x.clone().fill_(torch.tensor(2.0)).grad_fn.name())
c = x.clone()
c.copy_(x * 2)
print(c.grad_fn.name(), type(c.grad_fn).__name__)
show("leaky_relu_", F.leaky_relu(x.clone(), 0.1, inplace=True))
show("elu_", F.elu(x.clone(), inplace=True))
y = torch.tensor([float("nan"), 0.5, 2.0], requires_grad=True)
y.clamp(0.0, 1.0).sum().backward()
print("clamp of nan", y.grad)
y.grad = None
y.clamp_min(1.0).sum().backward()
print("clamp_min of nan", y.grad)
z = torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5], requires_grad=True)
z.nan_to_num(nan=1.0, posinf=2.0).sum().backward()
print(z.grad)
mm = torch.tensor([[2.0, 2.0, 1.0], [1.0, 1.0, 3.0]], requires_grad=True)
lo, hi = mm.aminmax()
(lo * 3 + hi).backward()
print("aminmax ties", lo.grad_fn.name(), hi.grad_fn is lo.grad_fn, mm.grad)
for negative in (lambda t: F.leaky_relu(t, -0.1, inplace=True), lambda t: F.elu(t, -1.0, inplace=True)):
    try:
        negative(x.clone()).sum().backward()
    except RuntimeError as e:
        print(e)
w = x.clone()
F.elu(w, 0.5, inplace=True)
g, = torch.autograd.grad(w.sum(), x, create_graph=True)
print(w.grad_fn.name(), g, g.grad_fn.name())
g.sum().backward()
print(x.grad)
