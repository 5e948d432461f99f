import torch
from torch.optim import lr_scheduler as S
w = torch.nn.Parameter(torch.ones(2))

def run(make, steps=12):
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    sched = make(opt)
    out = [sched.get_last_lr()[0]]
    for _ in range(steps):
        opt.step()
        sched.step()
        out.append(sched.get_last_lr()[0])
    return out, opt

print(run(lambda o: S.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.001))[0])
print(run(lambda o: S.CosineAnnealingWarmRestarts(o, T_0=4))[0])
print(run(lambda o: S.SequentialLR(o, [S.LinearLR(o, start_factor=0.1, total_iters=3), S.ExponentialLR(o, gamma=0.9)], milestones=[3]))[0])
print(run(lambda o: S.SequentialLR(o, [S.ConstantLR(o, factor=0.5, total_iters=2), S.StepLR(o, 2), S.CosineAnnealingLR(o, 4)], milestones=[2, 6]))[0])
out, opt = run(lambda o: S.ChainedScheduler([S.ConstantLR(o, factor=0.1, total_iters=2), S.ExponentialLR(o, gamma=0.9)]))
print(out, opt.param_groups[0]["lr"])
opt = torch.optim.SGD([w], lr=0.1)
s = S.CosineAnnealingWarmRestarts(opt, T_0=10, T_mult=2)
for epoch in [0, 0.5, 1.25, 9.9, 10, 12.5, 31, 40]:
    s.step(epoch)
    print(epoch, s.get_last_lr(), s.T_cur, s.T_i, s.last_epoch)
opt = torch.optim.SGD([w], lr=0.1)
chain = S.ChainedScheduler([S.StepLR(opt, 2), S.ExponentialLR(opt, 0.5)])
print(sorted(chain.state_dict()), len(chain.state_dict()["_schedulers"]))
seq = S.SequentialLR(opt, [S.StepLR(opt, 2), S.ExponentialLR(opt, 0.5)], [3])
print(sorted(seq.state_dict()), seq.state_dict()["_milestones"], seq.last_epoch)
for bad in [lambda: S.SequentialLR(opt, [], []), lambda: S.SequentialLR(opt, [S.StepLR(opt, 2)], [1]),
            lambda: S.ChainedScheduler([S.ReduceLROnPlateau(opt)]), lambda: S.CosineAnnealingWarmRestarts(opt, 0),
            lambda: S.CosineAnnealingWarmRestarts(opt, 2, T_mult=0), lambda: S.ChainedScheduler([]),
            lambda: S.SequentialLR(opt, [S.StepLR(torch.optim.SGD([w], lr=0.1), 2)], [])]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    opt = torch.optim.SGD([w], lr=0.1)
    s = S.StepLR(opt, 2)
    opt.step()
    s.step(3)
    print(s.get_last_lr(), [str(c.message)[:60] for c in caught])
