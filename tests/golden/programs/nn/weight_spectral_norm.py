# torch.nn.utils.weight_norm / spectral_norm (the hook forms) and the fused _weight_norm kernel:
# state_dict keys, the power iteration's random start, values and gradients.
import warnings
import torch
from torch import nn

torch.manual_seed(0)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    m = nn.utils.weight_norm(nn.Linear(5, 3))
print([(w.category.__name__, str(w.message)) for w in caught])
warnings.simplefilter("ignore", FutureWarning)
print(m, list(m.state_dict().keys()))
print(m.weight_g, m.weight_v.shape)
y = m(torch.randn(4, 5))
print(y, m.weight.grad_fn.name(), [type(f).__name__ for f, _ in m.weight.grad_fn.next_functions])
y.pow(2).sum().backward()
print(m.weight_g.grad, m.weight_v.grad)
try:
    nn.utils.weight_norm(m)
except RuntimeError as e:
    print("RuntimeError:", e)
nn.utils.remove_weight_norm(m)
print(list(m.state_dict().keys()), m.weight)
try:
    nn.utils.remove_weight_norm(m)
except ValueError as e:
    print("ValueError:", e)

conv = nn.utils.weight_norm(nn.Conv2d(2, 4, 3), dim=None)
last = nn.utils.weight_norm(nn.Linear(6, 20), dim=1)
print(conv.weight_g, conv(torch.randn(1, 2, 4, 4)).grad_fn.name())
x = torch.randn(3, 6)
last(x).sum().backward()
print(last.weight_g.grad, last.weight_v.grad[:2], last.weight.grad_fn.name())

v = torch.randn(4, 19, dtype=torch.float64, requires_grad=True)
g = torch.randn(4, 1, dtype=torch.float64, requires_grad=True)
w = torch._weight_norm(v, g, 0)
w.backward(torch.randn(4, 19, dtype=torch.float64))
print(w.sum().item(), v.grad.sum().item(), g.grad.flatten().tolist())
print(torch.norm_except_dim(v, 2, 1).grad_fn.name(), torch.norm_except_dim(v, 2, 1).shape, torch.norm_except_dim(v, 2, -1), torch.norm_except_dim(v.detach(), 2, 0).flatten())

s = nn.utils.spectral_norm(nn.Linear(6, 4))
print(list(s.state_dict().keys()))
print(s.weight_u, s.weight_v)
out = s(torch.randn(2, 6))
print(out, s.weight.grad_fn.name(), s.weight_u)
out.sum().backward()
print(s.weight_orig.grad)
s.eval()
print(s(torch.ones(1, 6)), s.weight_u)
nn.utils.remove_spectral_norm(s)
print(list(s.state_dict().keys()), s.weight)
ct = nn.utils.spectral_norm(nn.ConvTranspose2d(3, 2, 2), n_power_iterations=3)
print(ct.weight_u.shape, ct.weight_v.shape, ct(torch.randn(1, 3, 2, 2)).sum())
try:
    nn.utils.spectral_norm(nn.Linear(2, 2), n_power_iterations=0)
except ValueError as e:
    print("ValueError:", e)
