import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
cases = [
    lambda: y.requires_grad_(False),
    lambda: y.requires_grad_(True),
    lambda: y.requires_grad_(),
    lambda: torch.arange(3).requires_grad_(),
]
for case in cases:
    try:
        print(case())
    except Exception as exc:
        print(type(exc).__name__, "|", exc)
print(y.requires_grad, y.is_leaf)
