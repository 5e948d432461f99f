# LBFGS with and without the strong-Wolfe line search. Its cubic interpolation takes a float32 sqrt,
# which PyTorch hands to MKL VML (not correctly rounded: arith-parity.md 2.1), so long runs can
# drift in the last bits (a 50-iteration Rosenbrock did after 14 evaluations); these agree bit for bit.
import torch
torch.manual_seed(0)
x = torch.randn(20, 3)
w_true = torch.tensor([[1.5], [-2.0], [0.5]])
y = x @ w_true + 0.1 * torch.randn(20, 1)
for kwargs in [dict(), dict(line_search_fn="strong_wolfe"), dict(lr=0.5, max_iter=5, history_size=3)]:
    torch.manual_seed(1)
    model = torch.nn.Linear(3, 1)
    opt = torch.optim.LBFGS(model.parameters(), **kwargs)
    def closure():
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        return loss
    for i in range(4):
        loss = opt.step(closure)
        print(kwargs, i, loss.item(), opt.state[model.weight]["func_evals"], opt.state[model.weight]["n_iter"])
    print(model.weight.tolist(), model.bias.tolist())
# Rosenbrock, the classic
xy = torch.tensor([-1.5, 2.0], requires_grad=True)
opt = torch.optim.LBFGS([xy], lr=1, max_iter=4, line_search_fn="strong_wolfe")
def rosen():
    opt.zero_grad()
    loss = (1 - xy[0]) ** 2 + 100 * (xy[1] - xy[0] ** 2) ** 2
    loss.backward()
    return loss
for i in range(3):
    print(i, opt.step(rosen).item(), xy.tolist())
print(opt)
try:
    torch.optim.LBFGS([{"params": [xy]}, {"params": [torch.zeros(1, requires_grad=True)]}])
except ValueError as e:
    print("ValueError:", e)
