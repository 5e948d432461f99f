# What a subclass's __torch_function__ sees: attribute reads and writes (func.__name__ is "__get__" /
# "__set__"), operators named as PyTorch's bindings name them (t + u is Tensor.add), a plain tensor's
# method called with a subclass argument, and iteration (dim, unbind).
import torch

calls = []


class Logged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        calls.append(func.__name__)
        return super().__torch_function__(func, types, args, kwargs or {})


t = torch.tensor([[1.0, 2.0], [3.0, 4.0]]).as_subclass(Logged)
plain = torch.tensor([[0.5, 1.5], [2.5, 3.5]])
ints = torch.tensor([1, 2]).as_subclass(Logged)
cases = [
    ("grad", lambda: t.grad), ("data", lambda: t.data), ("shape", lambda: t.shape), ("dtype", lambda: t.dtype),
    ("requires_grad", lambda: t.requires_grad), ("is_leaf", lambda: t.is_leaf), ("grad_fn", lambda: t.grad_fn),
    ("device", lambda: t.device), ("T", lambda: t.T), ("mT", lambda: t.mT), ("ndim", lambda: t.ndim),
    ("_version", lambda: t._version), ("_base", lambda: t[0]._base), ("layout", lambda: t.layout),
    ("set requires_grad", lambda: setattr(t, "requires_grad", False)),
    ("set grad", lambda: setattr(t, "grad", None)),
    ("plain.add(t)", lambda: plain.add(t)), ("plain.mm(t)", lambda: plain.mm(t)),
    ("torch.mul(plain, t)", lambda: torch.mul(plain, t)), ("plain.copy_(t)", lambda: plain.clone().copy_(t)),
    ("t + plain", lambda: t + plain), ("1 + t", lambda: 1 + t), ("t - 1", lambda: t - 1), ("1 - t", lambda: 1 - t),
    ("t * 2", lambda: t * 2), ("t / 2", lambda: t / 2), ("2 / t", lambda: 2 / t), ("t // 2", lambda: t // 2),
    ("t % 2", lambda: t % 2), ("t ** 2", lambda: t ** 2), ("2 ** t", lambda: 2 ** t), ("t @ plain", lambda: t @ plain),
    ("ints & 1", lambda: ints & 1), ("1 & ints", lambda: 1 & ints), ("ints << 1", lambda: ints << 1),
    ("t == 1", lambda: t == 1), ("t != 1", lambda: t != 1), ("t < 2", lambda: t < 2), ("-t", lambda: -t),
    ("+t", lambda: +t), ("abs(t)", lambda: abs(t)), ("~ints", lambda: ~ints), ("t[0]", lambda: t[0]),
    ("t[0] = 1", lambda: t.clone().__setitem__(0, 1.0)), ("t += 1", lambda: t.clone().__iadd__(1)),
    ("t *= 2", lambda: t.clone().__imul__(2)), ("t /= 2", lambda: t.clone().__itruediv__(2)),
    ("len", lambda: len(t)), ("list(t)", lambda: list(t)), ("2.0 in t", lambda: 2.0 in t),
    ("reversed", lambda: reversed(t)), ("str", lambda: str(t)[:6]), ("float", lambda: float(t[0, 0])),
    ("complex", lambda: complex(t[0, 0])), ("size()", lambda: t.size()), ("long()", lambda: t.long()),
]
for label, fn in cases:
    calls.clear()
    result = fn()
    print(f"{label}: {calls} -> {type(result).__name__}")
print(list(torch.ones(2, 2, requires_grad=True) * 1)[0])
