# Creation at its edges: tril_indices/triu_indices, arange's step-sign error, integers beyond
# int64 in torch.tensor, and full/fill_ with numbers outside an integer dtype.
import torch

print(torch.tril_indices(4, 3), torch.triu_indices(3, 4, 1), torch.tril_indices(3, 3, offset=-5))
print(torch.triu_indices(2, 2, dtype=torch.int32), torch.tril_indices(1, 5, 2), torch.triu_indices(3, 4, -10).shape)
attempts = [
    lambda: torch.tril_indices(-1, 3), lambda: torch.triu_indices(3, -2), lambda: torch.tril_indices(3, 3, dtype=torch.float32),
    lambda: torch.arange(0, 1, -0.1), lambda: torch.tensor([2**63]), lambda: torch.tensor([[1, 2**64]]),
    lambda: torch.tensor([1.0, 2**70]), lambda: torch.tensor([2**63 - 1]), lambda: torch.full((2,), 2**63),
    lambda: torch.full((2,), 300, dtype=torch.int8), lambda: torch.full((1,), -1, dtype=torch.uint8),
    lambda: torch.zeros(2, dtype=torch.int16).fill_(-40000), lambda: torch.fill(torch.zeros(2, dtype=torch.int32), 2**31),
]
for attempt in attempts:
    try:
        print(attempt())
    except (RuntimeError, ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
# an empty list indexes no rows (not a float index)
x = torch.arange(12.0).reshape(3, 4)
y = x.clone()
y[[]] = 5
print(x[[]], x[:, []], x[[], 1:], y.sum())
# .grad takes a tensor of the parameter's own shape and dtype, or None
p = torch.ones(2, requires_grad=True)
for g in (torch.ones(3), torch.ones(2, dtype=torch.float64), [1.0, 2.0], torch.ones(1, 2), None, torch.full((2,), 0.5)):
    try:
        p.grad = g
        print(p.grad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
