import torch
# .T .mT .H .mH on tensors of 0 to 3 dims: results, graph nodes, warnings and errors
for shape in [(), (3,), (2, 3), (2, 2, 3)]:
    x = torch.arange(1.0, 1.0 + torch.Size(shape).numel()).reshape(shape).requires_grad_()
    for name in ["T", "mT", "H", "mH"]:
        try:
            y = getattr(x, name)
            print(name, tuple(shape), tuple(y.shape), y is x, y.grad_fn.name() if y.grad_fn else None)
        except RuntimeError as e:
            print(name, tuple(shape), "RuntimeError:", e)
