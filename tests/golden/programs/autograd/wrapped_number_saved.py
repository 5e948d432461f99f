import torch
x = torch.ones(2, requires_grad=True)
for make in [lambda: 3 * x, lambda: x / 2.0, lambda: x * True, lambda: 2 / x, lambda: x.mul(2.5), lambda: torch.div(x, 4)]:
    y = make()
    print(type(y.grad_fn).__name__, y.grad_fn._saved_other, y.grad_fn._saved_self)
    y.sum().backward()
    try:
        y.sum().backward()
    except RuntimeError as e:
        print(e)
    try:
        print(y.grad_fn._saved_other)
    except RuntimeError as e:
        print("after:", e)
print(x.grad)
z = torch.tensor(2.0, requires_grad=True)
w = z * 1.5
print(w, w.dtype)
w.backward(); print(z.grad, z.grad.dtype)
count = [0]
def pack(t):
    count[0] += 1
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = x * 3
    v = x * x
    u = x / 2.0
print(count[0], y.grad_fn._saved_other, u.grad_fn._saved_other)
(y.sum() + u.sum()).backward(retain_graph=True)
print(x.grad)
y = x * 3
y.sum().backward(retain_graph=True); y.sum().backward()
print(x.grad)
# the wrapped number's raw SavedVariable: hooks registered on it see tensor(3)
x = torch.ones(2, requires_grad=True)
y = x * 3
r = y.grad_fn._raw_saved_other
print(type(r).__name__)
r.register_hooks(lambda t: (print("pack", t), t)[1], lambda t: (print("unpack", t), t)[1])
y.sum().backward()
print(x.grad)
z = torch.tensor(2.0, requires_grad=True)
w = z / 4.0
w.grad_fn._raw_saved_other.register_hooks(lambda t: t, lambda t: t)
print(w.grad_fn._saved_other)
w.backward()
print(z.grad, z.grad.dtype)
try:
    w.backward()
except RuntimeError as e:
    print(e)
