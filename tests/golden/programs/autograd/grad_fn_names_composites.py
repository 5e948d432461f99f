import torch
# ops PyTorch builds out of others: the graph shows the pieces
a = torch.arange(1.0, 7.0).reshape(2, 3).requires_grad_()
v = torch.tensor([1.0, -2.0, 0.5, 3.0], requires_grad=True)
pieces = torch.tensor_split(a, 2, dim=1)
print([p.grad_fn.name() for p in pieces], [p.shape for p in pieces])
print(torch.tensor_split(v, [1, 3]), torch.tensor_split(v, (3, 1)), v.tensor_split(3))
r = a.repeat_interleave(2)
print(r, r.grad_fn.name(), r.grad_fn.next_functions[0][0].name())
print(a.repeat_interleave(2, dim=1).shape, v.repeat_interleave(torch.tensor([1, 0, 2, 1])),
      v.repeat_interleave(torch.tensor([2])), torch.tensor(3.0).repeat_interleave(2))
i = v.inner(v)
print(i, i.grad_fn.name(), torch.inner(a, a).grad_fn.name(), torch.inner(a, torch.ones(4, 3)).shape, torch.inner(v, torch.tensor(2.0)))
(i + torch.inner(a, a).sum() + r.sum() + sum(p.sum() * k for k, p in enumerate(pieces))).backward()
print(v.grad, a.grad)
for bad in [lambda: torch.inner(a, v), lambda: v.tensor_split(0), lambda: v.repeat_interleave(-1)]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
