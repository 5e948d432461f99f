import torch
# index_put / index_add / index_copy / index_fill, in and out of place: values, nodes, gradients
x = torch.arange(6.0).reshape(3, 2).requires_grad_()
src = torch.tensor([[1.0, -1.0], [0.5, 2.0], [3.0, 0.25]], requires_grad=True)
i = torch.tensor([2, 0, 2])
fill = torch.tensor(7.0, requires_grad=True)
cases = [
    ("index_add", lambda: x.index_add(0, i, src, alpha=2)),
    ("index_add_", lambda: x.clone().index_add_(1, torch.tensor([1, 1]), src[:, :2] * 3)),
    ("index_copy", lambda: x.index_copy(0, torch.tensor([2, 0, 1]), src)),
    ("index_copy_", lambda: x.clone().index_copy_(1, torch.tensor([0]), src[:, :1])),
    ("index_fill", lambda: x.index_fill(1, torch.tensor([1]), -5.0)),
    ("index_fill tensor", lambda: x.index_fill(0, torch.tensor([0, 2]), fill)),
    ("index_fill_", lambda: x.clone().index_fill_(0, torch.tensor([1]), 2.5)),
    ("index_put", lambda: x.index_put((i,), src)),
    ("index_put accumulate", lambda: x.index_put((i,), src, accumulate=True)),
    ("index_put_ two indices", lambda: x.clone().index_put_((torch.tensor([0, 2]), torch.tensor([1, 0])), src[0] * 2)),
    ("index_put_ accumulate", lambda: x.clone().index_put_((torch.tensor([1, 1]),), torch.tensor(0.1), accumulate=True)),
    ("torch.index_add", lambda: torch.index_add(x, 0, torch.tensor([1]), src[:1])),
]
for name, make in cases:
    x.grad = src.grad = fill.grad = None
    y = make()
    (y * torch.arange(1.0, 7.0).reshape(3, 2)).sum().backward()
    print(name, y.grad_fn.name(), y.tolist())
    print("  grads", x.grad.tolist(), None if src.grad is None else src.grad.tolist(), fill.grad)
for bad in [lambda: x.index_add(0, torch.tensor([0.0]), src), lambda: x.index_add(0, i, src[:2]),
            lambda: x.index_copy(0, i, src[:2]), lambda: x.index_fill(0, torch.tensor([[0]]), 1.0),
            lambda: x.index_put((i,), src[:2])]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
try:
    x.detach()[i] = src[:2].detach()
except RuntimeError as e:
    print(e)
