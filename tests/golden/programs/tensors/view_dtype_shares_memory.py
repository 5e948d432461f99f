# A view to another dtype reads the same bytes: writes through either tensor show in the other,
# with one version counter, whatever the element sizes.
import torch
a = torch.zeros(4)
b = a.view(torch.int32)
b[0] = 1065353216
print(a, a._version, b._version, b._base is a)
a.add_(1)
print(b, b._version)
c = a.view(torch.uint8)
c[4] = 7
print(a, a._version, c._version)
d = a.view(torch.float64)
d.mul_(0)
print(a, a._version, b, c[:8])
e = torch.arange(6, dtype=torch.int16).view(torch.int8)
e[1::2] = 1
print(e, e.view(torch.int16))
m = torch.ones(2, 4)
h = m.view(torch.float16)
h[:, 1] = 2.0
print(m, h.shape, h.stride())
m[1].zero_()
print(h)
f = torch.tensor([True, False, True, True]).view(torch.uint8)
f.add_(1)
print(f)
x = torch.ones(3, requires_grad=True)
y = x * 2
z = y.view(torch.int32)
print(z, z.requires_grad)

# the shared version counter is autograd's: a write through the int view is seen by backward
x = torch.ones(3, requires_grad=True)
y = x.exp()
y.detach().view(torch.int32).zero_()
try:
    y.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
