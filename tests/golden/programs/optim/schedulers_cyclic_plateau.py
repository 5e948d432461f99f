import torch
from torch.optim import lr_scheduler
w = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
s = lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=20)
lrs = []
for i in range(20):
    opt.step(); s.step(); lrs.append((opt.param_groups[0]["lr"], opt.param_groups[0]["momentum"]))
print(lrs)
opt = torch.optim.Adam([w], lr=0.1)
s = lr_scheduler.OneCycleLR(opt, max_lr=[0.01], epochs=3, steps_per_epoch=4, anneal_strategy="linear", three_phase=True)
for i in range(12):
    opt.step(); s.step(); print(s.get_last_lr(), opt.param_groups[0]["betas"])
for mode, kw in [("triangular", {}), ("triangular2", {}), ("exp_range", dict(gamma=0.9))]:
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    s = lr_scheduler.CyclicLR(opt, base_lr=0.001, max_lr=0.1, step_size_up=3, step_size_down=2, mode=mode, **kw)
    out = []
    for i in range(12):
        opt.step(); s.step(); out.append((s.get_last_lr()[0], opt.param_groups[0]["momentum"]))
    print(mode, out)
opt = torch.optim.SGD([w], lr=1.0)
s = lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=2, cooldown=1)
for metric in [1.0, 0.9, 0.95, 0.95, 0.95, 0.96, 0.8, 0.81, 0.82, 0.83, 0.84, 0.85, 0.86]:
    opt.step(); s.step(metric); print(metric, s.get_last_lr(), s.num_bad_epochs, s.cooldown_counter, s.best)
s = lr_scheduler.ReduceLROnPlateau(opt, mode="max", threshold_mode="abs", threshold=0.1, min_lr=0.2)
for metric in [1.0, 1.05, 1.05, 1.05, 1.05] * 5:
    s.step(torch.tensor(metric))
print(s.get_last_lr(), sorted(s.state_dict()))
for bad in [dict(factor=1.0), dict(mode="up"), dict(threshold_mode="x"), dict(min_lr=[0.1, 0.2])]:
    try:
        lr_scheduler.ReduceLROnPlateau(opt, **bad)
    except ValueError as e:
        print("ValueError:", e)
for bad in [dict(total_steps=0), dict(), dict(total_steps=5, pct_start=2), dict(total_steps=5, anneal_strategy="x")]:
    try:
        lr_scheduler.OneCycleLR(opt, 0.1, **bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    lr_scheduler.OneCycleLR(torch.optim.Adagrad([w]), 0.1, total_steps=4)
except ValueError as e:
    print("ValueError:", e)
s = lr_scheduler.OneCycleLR(opt, 0.1, total_steps=2, cycle_momentum=False)
try:
    for _ in range(3):
        opt.step(); s.step()
except ValueError as e:
    print("ValueError:", e)
