import torch
w = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.5)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda=lambda epoch: 1 / (epoch + 1))
for epoch in range(5):
    opt.step()
    sched.step()
    print(sched.get_last_lr())
