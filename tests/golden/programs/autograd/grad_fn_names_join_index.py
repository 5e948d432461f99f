import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
m = torch.arange(6.0).view(2, 3).requires_grad_()
outs = {
    "cat": torch.cat([a, b]), "stack": torch.stack([a, b]), "split": a.split(1)[0],
    "chunk": m.chunk(3, dim=1)[1], "unbind": m.unbind()[1], "tril": m.tril(), "triu": m.triu(),
    "diag": torch.diag(a), "gather": m.gather(1, torch.tensor([[0], [2]])),
    "index_select": m.index_select(1, torch.tensor([0, 2])), "where": torch.where(a > 1, a, b),
    "masked_fill": a.masked_fill(a > 1, 0.0), "clamp": a.clamp(0, 1.5), "clamp_min": a.clamp(min=1.5),
    "maximum": torch.maximum(a, b), "lerp": torch.lerp(a, b, 0.5), "atan2": torch.atan2(a, b),
    "scatter": torch.zeros(3).scatter(0, torch.tensor([0, 2]), a), "to_double": a.double(), "to_float": a.to(torch.float32),
    "to_double_to": a.to(torch.float64), "einsum": torch.einsum('i,i->', a, b),
}
for name, out in outs.items():
    print(f"{name:14s}", out.grad_fn.name() if out.grad_fn is not None else None)
