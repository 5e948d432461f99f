import torch

x = torch.arange(6., requires_grad=True)
y = torch.as_strided(x, (2, 2), (1, 2), 1)
print(y, y.stride(), y.storage_offset(), y._base is x, y.is_contiguous())
(y * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print(x.grad)
o = x.as_strided([3, 2], [1, 1])
(o * torch.arange(1., 7.).view(3, 2)).sum().backward()
print(o.grad_fn.name(), x.grad)
z = x.detach().clone().requires_grad_()
w = z * 1
w2 = w.as_strided_((3,), (2,))
print(w2 is w, w, w.grad_fn.name(), w.stride())
w.sum().backward()
print(z.grad)
a = torch.arange(12.).view(3, 4)
print(a.t().as_strided((2, 3), (1, 4), 2))
v = torch.arange(5.)
v.as_strided((2,), (2,), 1).mul_(10)
print(v)
for args in [((3,), (2,)), ((3,), (1,), -1), ((3,), (1, 1))]:
    try:
        torch.as_strided(torch.arange(3.), *args)
    except RuntimeError as e:
        print("RuntimeError:", e)
print(torch.as_strided(torch.arange(3.), [2, 2], [1, 1]), torch.as_strided(torch.ones(3), (0, 5), (1, 1), 7).shape)

t = torch.tensor([1., 2.], dtype=torch.float64)
print(t.new(2, 3).shape, t.new([1, 2]), t.new(), t.new(torch.Size([2])).shape, t.new((1.5, 2)), t.new(2).dtype)
n = t.new_empty_strided((2, 3), (1, 2))
print(n.shape, n.stride(), n.dtype, n.is_contiguous(), t.new_empty_strided((2,), (1,), dtype=torch.int64).dtype)
e = torch.empty_strided((2, 3), (1, 2), requires_grad=True)
print(e.stride(), e.requires_grad, e.untyped_storage().nbytes() if hasattr(e, "untyped_storage") else 24)

r = torch.arange(6.)
print(r.resize_(2, 3).shape, r.resize_(2), r.resize_as_(torch.ones(2, 1)).shape, r.stride())
q = torch.arange(6.).view(2, 3).t()
print(q.resize_(3, 2).stride(), q.resize_(6), q.resize_(2, 2).stride())
try:
    torch.ones(2, requires_grad=True).resize_(3)
except RuntimeError as e:
    print("RuntimeError:", e)
s = torch.arange(4., requires_grad=True)
b = s.resize(2, 2)
print(b, b.is_contiguous())
(b * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print(s.grad, s.resize_as(torch.ones(4, 1)).grad_fn.name())
print(torch.arange(6.).view(2, 3).t().resize(6))
try:
    s.resize(3)
except RuntimeError as e:
    print("RuntimeError:", e)

print(t.output_nr, (t * 2).output_nr, torch.ones(3, requires_grad=True).split(1)[2].output_nr)
print(t.name, t.is_shared(), t.is_set_to(t), t.is_set_to(t.clone()), t.is_set_to(t[:1]))
f = torch.arange(4.)
print(torch.as_strided_(f, (2,), (2,)), f, torch.resize_as_(torch.ones(3), torch.ones(1, 2)).shape)
