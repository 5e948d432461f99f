import torch
# shape helpers made of views and joins: values, shapes and the nodes they record
a = torch.arange(1.0, 7.0).reshape(2, 3).requires_grad_()
v = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
s = torch.tensor(5.0, requires_grad=True)
for name, y in [("ravel", a.ravel()), ("ravel t", a.t().ravel()), ("broadcast_to", torch.broadcast_to(v, (2, 3))),
                ("positive", (a * 1).positive()), ("fix", (a / 4).fix()), ("atleast_1d", torch.atleast_1d(s)),
                ("atleast_2d", torch.atleast_2d(v)), ("atleast_3d", torch.atleast_3d(a)), ("atleast_3d v", torch.atleast_3d(v)),
                ("atleast_3d s", torch.atleast_3d(s)), ("dstack", torch.dstack([a, a])), ("column_stack", torch.column_stack([v, v * 2])),
                ("column_stack 2d", torch.column_stack([a, v[:2]])), ("hsplit", torch.hsplit(a, 3)[1]), ("vsplit", torch.vsplit(a, [1])[1]),
                ("hsplit 1d", torch.hsplit(v, [1])[1]), ("rot90", torch.rot90(a)), ("rot90 k=2", a.rot90(2)), ("rot90 k=-1", a.rot90(-1, [0, 1]))]:
    print(name, y.tolist(), y.grad_fn.name(), tuple(y.shape))
print(torch.atleast_1d(s, v)[0].shape, torch.atleast_2d((s, v))[1].shape, a.ravel().is_contiguous(), a.positive() is a)
(torch.rot90(a).sum() * 2 + torch.dstack([a, a]).sum() + torch.column_stack([v, v]).sum()).backward()
print(a.grad, v.grad)
for bad in [lambda: torch.hsplit(s, 1), lambda: torch.vsplit(v, 1), lambda: a.rot90(1, [0, 0]), lambda: torch.hsplit(a, 2)]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
