import torch
cases = [
    lambda: torch.ones(2) + torch.ones(3),
    lambda: torch.arange(4).view(3),
    lambda: torch.zeros(2)[2],
    lambda: torch.tensor([1.0, 2.0]).item(),
    lambda: torch.zeros(2, 2) @ torch.zeros(3, 3),
]
for case in cases:
    try:
        case()
    except Exception as exc:
        print(type(exc).__name__, "|", exc)
