import torch


def pack(x):
    print("pack", x, torch.is_grad_enabled())
    return x


def unpack(x):
    print("unpack", x)
    return x


a = torch.ones(3, requires_grad=True)
b = torch.ones(3, requires_grad=True) * 2
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = a * b
    z = b.exp()
    w = a.detach() * b
print("backward")
(y.sum() + z.sum() + w.sum()).backward()
print(a.grad, b.grad)

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 4, lambda t: t / 4):
    y = torch.pow(x, 2)
y.sum().backward()
print(x.grad.equal(2 * x))

storage = []


def pack_index(t):
    storage.append(t)
    return len(storage) - 1


with torch.autograd.graph.saved_tensors_hooks(pack_index, lambda i: storage[i]):
    y = x * x
y.sum().backward()
print(len(storage), x.grad)

with torch.autograd.graph.saved_tensors_hooks(lambda t: "packed", lambda s: s):
    y = x * x
try:
    y.sum().backward()
except TypeError as err:
    print("TypeError:", err)


def outer_pack(t):
    print("outer")
    return t


with torch.autograd.graph.saved_tensors_hooks(outer_pack, lambda t: t):
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        y = x.sin()
    y2 = x.cos()
with torch.autograd.graph.save_on_cpu(pin_memory=True):
    y3 = x * x
(y + y2 + y3).sum().backward()
print(x.grad)

with torch.autograd.graph.disable_saved_tensors_hooks("no saved-tensor hooks here"):
    try:
        with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
            pass
    except RuntimeError as err:
        print("RuntimeError:", err)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    try:
        with torch.autograd.graph.disable_saved_tensors_hooks("hooks are on"):
            pass
    except RuntimeError as err:
        print("RuntimeError:", err)


@torch.autograd.graph.disable_saved_tensors_hooks("decorated")
def f():
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        pass


try:
    f()
except RuntimeError as err:
    print("RuntimeError:", err)


def bad_pack(t):
    t.add_(1)
    return t


with torch.autograd.graph.saved_tensors_hooks(bad_pack, lambda t: t):
    try:
        y = x.detach() * x
    except RuntimeError as err:
        print("RuntimeError:", err)
