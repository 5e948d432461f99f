import torch
# a slice inside a tuple index that covers its dim from 0 records no node (x[0, :3] of 3 columns is
# x[0]); a lone slice always records one
torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
for expr in ["x[:]", "x[0, :]", "x[0, :3]", "x[0, 0:5]", "x[0, -5:]", "x[:, 0]", "x[0:2]", "x[..., :]",
             "x[::1]", "x[:, :]", "x[0, ::1]", "x[0, 1:]", "x[:2, 1]", "x[0:1, 1]", "x[0, :, None]", "x[:, :][0]"]:
    y = eval(expr)
    print(expr, y.grad_fn.name(), [n.name() if n else None for n, _ in y.grad_fn.next_functions])
y = x * 1
y[0, :3] = 5.0
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
