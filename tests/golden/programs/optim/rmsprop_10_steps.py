import torch
for kwargs in [dict(), dict(momentum=0.9), dict(alpha=0.9, centered=True)]:
    w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    opt = torch.optim.RMSprop([w], lr=0.01, **kwargs)
    for _ in range(10):
        opt.zero_grad()
        (w ** 2).sum().backward()
        opt.step()
    print(kwargs, w)
