# torch.optim.Muon: momentum, Newton-Schulz orthogonalisation (PyTorch's bfloat16 steps, each rounded as there),
# adjusted learning rates, the constructor's checks
import torch
torch.manual_seed(0)
lin = torch.nn.Linear(6, 4, bias=False)
head = torch.nn.Linear(4, 9, bias=False)
opt = torch.optim.Muon(list(lin.parameters()) + list(head.parameters()), lr=0.02)
print(opt)
x, y = torch.randn(16, 6), torch.randn(16, 9)
for i in range(4):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(head(torch.tanh(lin(x))), y)
    loss.backward()
    opt.step()
    print(i, loss.item())
print(lin.weight, head.weight[:2])
print(opt.state_dict()["state"][0]["momentum_buffer"][0])
w = torch.nn.Parameter(torch.randn(3, 5))
opt2 = torch.optim.Muon([w], lr=0.1, nesterov=False, adjust_lr_fn="match_rms_adamw", weight_decay=0.0, ns_steps=3)
for _ in range(2):
    opt2.zero_grad(); (w.exp().sum()).backward(); opt2.step()
print(w)
for kw in [dict(lr=-1.0), dict(momentum=-0.5), dict(weight_decay=-1.0), dict(adjust_lr_fn="x")]:
    try:
        torch.optim.Muon([w], **kw)
    except ValueError as e:
        print("ValueError:", e)
try:
    torch.optim.Muon([torch.nn.Parameter(torch.ones(3))])
except ValueError as e:
    print("ValueError:", e)
