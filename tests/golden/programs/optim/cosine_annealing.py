import torch
w = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([w], lr=1.0)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=5, eta_min=0.1)
for epoch in range(12):
    opt.step()
    sched.step()
    print(epoch, sched.get_last_lr()[0])
