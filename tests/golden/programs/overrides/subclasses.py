import torch


class M(torch.Tensor):
    pass


x = torch.ones(2, requires_grad=True)
m = x.as_subclass(M)
print(type(m).__name__, m.grad_fn, m.requires_grad, m.is_leaf)
y = m + 1
print(type(y).__name__, y.grad_fn.name(), y)
z = torch.add(m, 2)
print(type(z).__name__, z)
print(type(m.sum()).__name__, type(m.shape).__name__, type(m[0]).__name__, type(torch.cat([m, m])).__name__)
print(type(x + m).__name__, type(torch.mul(x, m)).__name__, type(m.detach()).__name__, type(m.data).__name__)
print(type(torch.nn.functional.relu(m)).__name__, type(m.max(0)).__name__, type(m.max(0).values).__name__)
y.sum().backward()
print(x.grad, type(x.grad).__name__)
p = torch.nn.Parameter(torch.ones(2))
print(type(p * 2).__name__, type(p.detach()).__name__)
s = torch.Tensor._make_subclass(M, torch.zeros(2), True)
print(type(s).__name__, s.requires_grad, s.is_leaf, s)
try:
    torch.ones(1).as_subclass(int)
except TypeError as err:
    print("TypeError:", err)


class Logged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func is not torch.Tensor.__repr__:
            print("Logged:", func.__name__, [t.__name__ for t in types])
        return super().__torch_function__(func, types, args, kwargs or {})


t = torch.tensor([1.0, 2.0]).as_subclass(Logged)
r = t * 3
print(type(r).__name__)
r2 = torch.exp(t)
r3 = t.sum(dim=0)
print(repr(t))
print(r.shape)
print(torch.nn.functional.relu(t))


class Sub2(M):
    pass


class Other(torch.Tensor):
    pass


print(type(torch.add(Sub2([0.0]), M([1.0]))).__name__, type(M([0.0]) + Sub2([1.0])).__name__)
try:
    torch.add(M([0.0]), Other([1.0]))
except TypeError as err:
    print("TypeError:", err)
with torch._C.DisableTorchFunctionSubclass():
    print(type(m + 1).__name__)
print(type(m + 1).__name__)
