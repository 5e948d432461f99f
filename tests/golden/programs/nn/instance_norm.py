import torch
import torch.nn.functional as F
from torch import nn
# instance normalization: PyTorch reshapes to one batch of N*C channels and batch-normalizes
torch.manual_seed(0)
x = torch.randn(2, 3, 4, 5, requires_grad=True)
y = F.instance_norm(x)
(y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y[1, 2, 0].tolist(), x.grad[0, 1, 2])
m = nn.InstanceNorm2d(3, affine=True)
print(m, [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])
x.grad = None
out = m(x)
(out * torch.arange(float(out.numel())).reshape(out.shape)).sum().backward()
print(out[0, 0, 1].tolist(), m.weight.grad, m.bias.grad)
t = nn.InstanceNorm1d(3, track_running_stats=True)
s = torch.randn(2, 3, 6)
print(t, t(s)[0, 0].tolist(), t.running_mean, t.running_var)
t.eval()
print(t(s)[1, 2])  # from the running variance, which can differ in its last bit: printed
print(nn.InstanceNorm2d(3)(torch.randn(3, 4, 5)).shape)
try:
    F.instance_norm(torch.randn(2, 3, 1))
except ValueError as e:
    print(e)
