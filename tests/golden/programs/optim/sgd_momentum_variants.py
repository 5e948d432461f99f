import torch
target = torch.tensor([0.5, -0.5])
for kwargs in [dict(momentum=0.9), dict(momentum=0.9, nesterov=True), dict(momentum=0.9, dampening=0.5),
               dict(weight_decay=0.1), dict(momentum=0.5, weight_decay=0.01), dict(maximize=True)]:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.05, **kwargs)
    for _ in range(10):
        opt.zero_grad()
        ((w - target) ** 2).sum().backward()
        opt.step()
    print(kwargs, w.tolist())
