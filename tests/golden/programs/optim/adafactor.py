# torch.optim.Adafactor (PyTorch's single-tensor CPU path): factored row/column variances, vectors' variance,
# tensor lr, weight decay, maximize, the constructor's checks
import torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1))
opt = torch.optim.Adafactor(model.parameters(), lr=0.05)
print(opt)
x, y = torch.randn(16, 4), torch.randn(16, 1)
for i in range(5):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    print(i, loss.item())
print(model[0].weight, model[2].bias)
st = opt.state_dict()["state"]
print(sorted(st[0].keys()), st[0]["row_var"], st[0]["col_var"].shape, st[1]["variance"], st[1]["step"])
w = torch.nn.Parameter(torch.randn(3, 5))
opt2 = torch.optim.Adafactor([w], lr=torch.tensor(0.1), weight_decay=0.1, eps=(1e-20, 1e-2), d=2.0, maximize=True, beta2_decay=-0.5)
for _ in range(3):
    opt2.zero_grad(); (w.sin().sum()).backward(); opt2.step()
print(w)
for kw in [dict(lr=-1.0), dict(beta2_decay=0.5), dict(eps=(-1.0, 1e-3)), dict(eps=(None, -1.0)), dict(d=0.5), dict(weight_decay=-1.0)]:
    try:
        torch.optim.Adafactor([w], **kw)
    except ValueError as e:
        print("ValueError:", e)
