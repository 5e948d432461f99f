import torch

torch.manual_seed(0)
a = torch.randn(3, requires_grad=True)
b = torch.ones(3, requires_grad=True)
y = a * b
print(y.grad_fn._saved_self is a, y.grad_fn._saved_other is b)
e = torch.exp(a)
print(e.grad_fn._saved_result is e, e.grad_fn._saved_result.equal(e), e.grad_fn._saved_result.grad_fn is e.grad_fn)
print(e.grad_fn._saved_result)
p = a.pow(2)
print(type(p.grad_fn._saved_exponent).__name__, p.grad_fn._saved_exponent)
raw = p.grad_fn._raw_saved_self
print(type(raw).__name__)
raw.register_hooks(lambda t: t * 4, lambda t: t / 2)
print(p.grad_fn._saved_self)
p.sum().backward()
print(a.grad)
try:
    raw.register_hooks(lambda t: t, lambda t: t)
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    p.grad_fn._saved_self
except RuntimeError as err:
    print("RuntimeError:", err)
q = b.sin()
q.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)
try:
    q.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)
except RuntimeError as err:
    print("RuntimeError:", err)
