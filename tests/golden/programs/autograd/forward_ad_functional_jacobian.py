import torch
from torch.autograd.functional import jacobian, hessian, jvp, hvp


def f(x, y):
    return x.exp() * y, (x * y).sum()


x = torch.tensor([0.5, 1.0, 2.0])
y = torch.tensor([1.0, -1.0, 3.0])
print(jacobian(f, (x, y), vectorize=True, strategy="forward-mode"))
print(jacobian(lambda a: a.sin() * a, x, vectorize=True, strategy="forward-mode"))
print(jacobian(lambda a: (a.cos(), a.sum()), x, vectorize=True, strategy="forward-mode"))
print(jacobian(lambda a, b: a * b, (x, y), vectorize=True, strategy="forward-mode"))
print(jacobian(lambda a: a.sin() * a, x))  # reverse mode: the same numbers
print(hessian(lambda a: (a ** 3).sum(), x, vectorize=True, outer_jacobian_strategy="forward-mode").detach())
print(jvp(lambda a: a ** 2, x, torch.ones(3)))  # the double-backward trick, as PyTorch
print(hvp(lambda a: (a ** 3).sum(), x, torch.ones(3)))
for options in (dict(strategy="forward-mode"), dict(strategy="forward-mode", vectorize=True, create_graph=True),
                dict(strategy="forward-mode", vectorize=True, strict=True), dict(strategy="sideways")):
    try:
        jacobian(lambda a: a.sin(), x, **options)
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
