import torch

src = torch.tensor([1., 2., 3., 4., 5., 6.])
index = torch.tensor([0, 1, 0, 1, 2, 1])
input = torch.tensor([1., 2., 3., 4.])
for reduce in ["sum", "prod", "mean", "amax", "amin"]:
    for include_self in (True, False):
        print(reduce, include_self, input.scatter_reduce(0, index, src, reduce=reduce, include_self=include_self))
x = torch.tensor([[0.5, -1., 2.], [3., 0., -2.]], requires_grad=True)
s = torch.tensor([[1.5, 0., -1., 2.], [0.25, 4., 4., -3.]], requires_grad=True)
idx = torch.tensor([[0, 2, 0, 1], [1, 1, 2, 2]])
for reduce in ["sum", "prod", "mean", "amax", "amin"]:
    for include_self in (True, False):
        x.grad = s.grad = None
        y = torch.scatter_reduce(x, 1, idx, s, reduce, include_self=include_self)
        (y * torch.tensor([[1., 2., 3.], [-1., 0.5, 2.]])).sum().backward()
        print(reduce, include_self, y, x.grad, s.grad)
t = torch.zeros(3, 2)
t.scatter_reduce_(0, torch.tensor([[0, 1], [0, 2]]), torch.tensor([[1., 2.], [3., 4.]]), "amax", include_self=False)
print(t, input.scatter_reduce(0, index, src, reduce="max"))
print(torch.tensor([1, 2, 3]).scatter_reduce(0, torch.tensor([0, 0, 1]), torch.tensor([4, 5, 6]), "mean"))
xi = torch.ones(5, 3, requires_grad=True)
t = torch.tensor([[1., 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]], requires_grad=True)
ii = torch.tensor([0, 4, 2, 0])
for reduce in ["prod", "mean", "amax", "amin"]:
    for include_self in (True, False):
        xi.grad = t.grad = None
        y = xi.index_reduce(0, ii, t, reduce, include_self=include_self)
        (y * torch.arange(15.).reshape(5, 3)).sum().backward()
        print(reduce, include_self, y, xi.grad, t.grad)
q = torch.full((3, 2), 2.)
q.index_reduce_(1, torch.tensor([1, 1]), torch.tensor([[1., 5], [3, 2], [0, 1]]), "amin")
print(q)
for call in (lambda: input.scatter_reduce(0, index, src, reduce="maximum"), lambda: xi.index_reduce(0, ii, t, "sum"),
             lambda: input.scatter_reduce(0, index.float(), src, "sum"),
             lambda: input.scatter_reduce(0, index, src.double(), "sum"),
             lambda: xi.index_reduce(0, ii[:3], t, "prod"), lambda: input.scatter_reduce(0, torch.tensor([7]), src, "sum")):
    try:
        call()
    except RuntimeError as err:
        print(type(err).__name__, err)
