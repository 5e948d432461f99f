# A subclass's __torch_function__ also sees the Tensor methods PyTorch writes in Python: __array__
# (np.asarray), __rlshift__/__rrshift__ (3 << t), __deepcopy__ and __reduce_ex__ (copy, pickle);
# and a real tensor's real part is itself, its imaginary part an error.
import copy

import numpy as np
import torch


class Logged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "?")
        if name.startswith("__") and name not in ("__repr__", "__format__"):
            qualname = getattr(func, "__qualname__", name)
            print("  __torch_function__:", qualname if qualname.startswith("Tensor.") else name,
                  [type(a).__name__ for a in args])
        return super().__torch_function__(func, types, args, kwargs or {})


t = torch.tensor([1.0, 2.0]).as_subclass(Logged)
print(np.asarray(t), np.asarray(t, dtype=np.float64).dtype)
i = torch.tensor([1, 2]).as_subclass(Logged)
print(3 << i, 64 >> i)
try:
    copy.deepcopy(t)
except RuntimeError as e:
    print("RuntimeError:", e)
reduced = t.__reduce_ex__(2)  # (what pickle asks; a class of the program's own cannot be pickled here)
print(callable(reduced[0]), type(reduced[1]).__name__)
print(type(copy.copy(t)).__name__)


class WithNewEmpty(torch.Tensor):
    def new_empty(self, *args, **kwargs):
        return super().new_empty(*args, **kwargs).as_subclass(WithNewEmpty)


w = torch.tensor([3.0, 4.0]).as_subclass(WithNewEmpty).requires_grad_()
w.note = "kept"
c = copy.deepcopy(w)
print(type(c).__name__, c, c.note, c.requires_grad)

# plain tensors: deepcopy of leaves only, views copied together still share memory
x = torch.arange(6.0)
pair = copy.deepcopy([x, x[2:]])
pair[0][3] = 100.0
print(pair[1], x)
try:
    copy.deepcopy(torch.ones(2, requires_grad=True) * 2)
except RuntimeError as e:
    print("RuntimeError:", e)
print(np.asarray(torch.tensor([[1, 2]])), 1 << torch.tensor([3]), torch.tensor([5]).__rrshift__(40))

# real and imag of real tensors
x = torch.tensor([1.0, -2.0], requires_grad=True)
print(x.real is x, torch.real(x), torch.tensor([1, 2]).real)
for part in (lambda: x.imag, lambda: torch.imag(x), lambda: torch.tensor([1, 2]).imag):
    try:
        part()
    except RuntimeError as e:
        print("RuntimeError:", e)
y = torch.zeros(2)
y.real.add_(1)
y.real = torch.tensor([3.0, 4.0])
print(y)
for assign in (lambda: setattr(x, "real", torch.ones(2)), lambda: setattr(y, "imag", torch.ones(2))):
    try:
        assign()
    except RuntimeError as e:
        print("RuntimeError:", e)
print(t.real, t.imag if False else "")
