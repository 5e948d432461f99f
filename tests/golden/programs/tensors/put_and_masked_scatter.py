import torch

s = torch.tensor([9., 8.], requires_grad=True)
t0 = torch.zeros(2, 3, requires_grad=True)
t = t0.clone()
t.put_(torch.tensor([1, -2]), s)
print(t, t.grad_fn.name())
(t * torch.arange(6.).reshape(2, 3)).sum().backward()
print(t0.grad, s.grad)
print(torch.zeros(2, 3).put(torch.tensor([1, 1]), torch.tensor([1., 2.]), accumulate=True),
      torch.put(torch.zeros(3), torch.tensor([0]), torch.tensor([5.])))
v = torch.tensor([7., 6.], requires_grad=True)
u0 = torch.zeros(2, 3, requires_grad=True)
u = u0.clone()
u.index_put_((torch.tensor([0, 1]), torch.tensor([2, 0])), v)
print(u, u.grad_fn.name())
(u * torch.arange(6.).reshape(2, 3)).sum().backward()
print(u0.grad, v.grad)
w = torch.zeros(2, 3)
torch.index_put_(w, (torch.tensor([0, 0]),), torch.tensor(1.), accumulate=True)
print(w)
print(torch.index_put(torch.zeros(3), (torch.tensor([2]),), torch.tensor([4.])))
src = torch.tensor([1., 2, 3, 4], requires_grad=True)
q0 = torch.zeros(2, 3, requires_grad=True)
m = torch.tensor([[True, False, True], [False, True, False]])
q = q0.masked_scatter(m, src)
print(q, q.grad_fn.name())
(q * torch.arange(6.).reshape(2, 3)).sum().backward()
print(q0.grad, src.grad)
r = torch.ones(2, 3)
r.masked_scatter_(torch.tensor([True, False, True]), torch.tensor([5., 6, 7, 8]))
print(r)
for call in (lambda: torch.zeros(2, 3).put_(torch.tensor([6]), torch.tensor([1.])),
             lambda: torch.zeros(2, 3).masked_scatter_(m, torch.tensor([1.])),
             lambda: torch.zeros(2, 3).put_(torch.tensor([1, 2]), torch.tensor([1.]))):
    try:
        call()
    except (RuntimeError, IndexError) as err:
        print(type(err).__name__, err)
