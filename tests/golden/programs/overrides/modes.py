import torch
from torch.overrides import TorchFunctionMode, handle_torch_function, has_torch_function


class LoggingMode(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        print("mode:", func.__name__, [t.__name__ for t in types])
        return func(*args, **(kwargs or {}))


a = torch.tensor([3.0])
b = torch.tensor([4.0])
with LoggingMode():
    c = a * b
    d = torch.add(c, 1)
    e = c.exp()
    f = torch.nn.functional.relu(d)
print(c, d, e, f)


class Ones(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        if func is torch.add:
            return torch.ones(1)
        return func(*args, **(kwargs or {}))


with Ones():
    print(torch.add(a, b), torch.mul(a, b))
    with LoggingMode():
        print(torch.add(a, b))


class LoggingTensor(torch.Tensor):
    depth = 0

    @classmethod
    def __torch_function__(cls, func, types, args, kwargs=None):
        print(f"{'  ' * cls.depth}Calling {func.__name__}")
        cls.depth += 1
        r = torch.overrides.redispatch_function(func, types, args, kwargs)
        cls.depth -= 1
        return r


def scaled_mul(x, y):
    if has_torch_function((x, y)):
        return handle_torch_function(scaled_mul, (x, y), x, y)
    return x * y + 1


x = LoggingTensor(torch.tensor([3.0]))
y = LoggingTensor(torch.tensor([4.0]))
result = scaled_mul(x, y)
print(type(result).__name__, result)


@torch.overrides.wrap_torch_function(lambda p, q: (p, q))
def combine(p, q):
    return p - q


print(combine(a, b))
with LoggingMode():
    print(combine(a, b))
with torch.overrides.enable_reentrant_dispatch():
    print("reentrant")
