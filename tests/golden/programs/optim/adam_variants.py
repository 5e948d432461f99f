import torch
for kwargs in [dict(), dict(betas=(0.5, 0.9)), dict(weight_decay=0.1), dict(amsgrad=True), dict(eps=1e-3)]:
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    opt = torch.optim.Adam([w], lr=0.05, **kwargs)
    for _ in range(10):
        opt.zero_grad()
        (w ** 2).sum().backward()
        opt.step()
    print(kwargs, w)
