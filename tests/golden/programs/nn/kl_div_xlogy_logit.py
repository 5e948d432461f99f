import torch
import torch.nn.functional as F
# KL divergence and the functions it is made of: full-precision values, nodes, gradients, warnings
torch.manual_seed(0)
logp = F.log_softmax(torch.randn(3, 4), dim=1).requires_grad_()
q = F.softmax(torch.randn(3, 4), dim=1)
for reduction in ["batchmean", "sum", "none", "mean"]:
    logp.grad = None
    loss = F.kl_div(logp, q, reduction=reduction)
    loss.sum().backward()
    print(reduction, loss.grad_fn.name(), loss.tolist(), logp.grad.sum(1).tolist())
logp.grad = None
loss = F.kl_div(logp, q.log(), reduction="batchmean", log_target=True)
loss.backward()
print("log_target", loss.item(), logp.grad[0].tolist())
print(torch.nn.KLDivLoss(reduction="batchmean")(logp, q).item(), torch.nn.KLDivLoss(reduction="sum"))
x = torch.tensor([0.0, 0.0, 1.5, 2.0, -1.0, 3.0], requires_grad=True)
y = torch.tensor([0.0, float("nan"), 0.25, 3.0, 2.0, 0.0], requires_grad=True)
z = torch.xlogy(x, y)
(z * torch.arange(1.0, 7.0)).sum().backward()
print(z.grad_fn.name(), z.tolist(), x.grad.tolist(), y.grad.tolist())
print(torch.xlogy(2, torch.tensor([0.5, 4.0])), torch.tensor([0.5, 0.0]).xlogy(3), torch.special.xlogy(x, 2.0).tolist())
p = torch.tensor([0.0, 0.01, 0.25, 0.5, 0.9, 1.0, 1.2], requires_grad=True)
for eps in [None, 0.05]:
    p.grad = None
    l = torch.logit(p, eps)
    (l * torch.arange(1.0, 8.0)).sum().backward()
    print("logit", eps, l.grad_fn.name(), l.tolist(), p.grad.tolist())
