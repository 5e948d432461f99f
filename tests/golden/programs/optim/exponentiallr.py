import torch
w = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
for epoch in range(6):
    opt.step()
    sched.step()
    print(sched.get_last_lr())
