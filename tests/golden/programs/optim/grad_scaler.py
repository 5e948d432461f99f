# torch.GradScaler / torch.amp.GradScaler on the CPU: scale, unscale_, skipped steps after inf, update's
# backoff and growth, state_dict, errors; disabled for the default device 'cuda' (its warning)
import torch, warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    s = torch.GradScaler()
print(s.is_enabled(), s.get_scale(), s.state_dict(), [str(w.message) for w in caught])
s = torch.GradScaler("cpu", init_scale=4.0, growth_interval=2)
print(s.is_enabled(), s.get_scale(), s.state_dict())
w = torch.nn.Parameter(torch.tensor([1., 2.]))
opt = torch.optim.SGD([w], lr=0.1)
for i in range(4):
    opt.zero_grad()
    loss = (w ** 2).sum()
    sl = s.scale(loss); print(sl)
    sl.backward(); print(w.grad)
    if i == 2:
        w.grad[0] = float('inf')
    s.unscale_(opt); print('unscaled', w.grad)
    r = s.step(opt); print('step', r, w)
    s.update(); print(s.get_scale(), s._growth_tracker)
print(s.state_dict())
print(torch.amp.GradScaler is torch.GradScaler, s.get_growth_factor(), s.get_backoff_factor(), s.get_growth_interval())
print(s.scale([torch.ones(1), (torch.ones(2),)]))
s.update(8.0); print(s.get_scale())
s.update(torch.tensor(16.0)); print(s.get_scale())
for f in [lambda: s.step(opt, closure=lambda: 0), lambda: torch.GradScaler("cpu").unscale_(opt), lambda: s.scale(3),
          lambda: torch.GradScaler("cpu", growth_factor=0.5), lambda: torch.GradScaler("cpu").load_state_dict({})]:
    try:
        f()
    except (RuntimeError, AssertionError, ValueError) as e:
        print(type(e).__name__, e)
opt.zero_grad(); s.scale((w * 3).sum()).backward(); s.unscale_(opt)
for f in [lambda: s.unscale_(opt), lambda: (s.step(opt), s.step(opt)), lambda: s.unscale_(opt)]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
s.update(); print(s.state_dict(), w)
t = torch.GradScaler("cpu"); t.load_state_dict(s.state_dict()); print(t.state_dict(), t.get_scale())
off = torch.GradScaler("cpu", enabled=False); print(off.scale(torch.ones(1)), off.step(opt), off.state_dict(), off.get_scale())
torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
opt2 = torch.optim.Adam(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
torch.manual_seed(0)
x, y = torch.randn(8, 3), torch.randn(8, 1)
for _ in range(3):
    opt2.zero_grad()
    scaler.scale(torch.nn.functional.mse_loss(model(x), y)).backward()
    scaler.step(opt2)
    scaler.update()
print(model.weight, scaler.get_scale())
