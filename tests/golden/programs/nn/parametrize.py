# torch.nn.utils.parametrize and parametrizations.weight_norm / spectral_norm: the injected class,
# its repr and state_dict, caching, removal, and the fusion helpers and skip_init of nn.utils.
import torch
from torch import nn
from torch.nn.utils import parametrize, parametrizations as P

torch.manual_seed(0)
m = P.weight_norm(nn.Linear(4, 3))
print(m)
print(type(m).__name__, type(m).__mro__[1].__name__, parametrize.is_parametrized(m), parametrize.is_parametrized(m, "bias"))
print(list(m.state_dict().keys()), [n for n, _ in m.named_parameters()])
print(m.parametrizations.weight.original0, m.weight)
m(torch.ones(2, 4)).sum().backward()
print(m.parametrizations.weight.original0.grad, m.parametrizations.weight.original1.grad)

s = P.spectral_norm(nn.Linear(5, 3))
print(s, list(s.state_dict().keys()))
print(s.parametrizations.weight[0]._u, s.parametrizations.weight[0]._v)
w = s.weight
print(w, w.grad_fn.name())
print(s(torch.randn(2, 5)))
s.eval()
print(s.weight, parametrize.type_before_parametrizations(s).__name__)
c = P.spectral_norm(nn.Conv2d(2, 3, 2))
print(c.weight.shape, c.parametrizations.weight[0]._v.shape, c.weight.flatten()[:4])


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(0, 1)

    def right_inverse(self, A):
        return A.triu()


lin = nn.Linear(3, 3)
parametrize.register_parametrization(lin, "weight", Symmetric())
print(lin.weight, lin)
with parametrize.cached():
    print(lin.weight is lin.weight)
print(lin.weight is lin.weight)
lin.weight = torch.eye(3) * 2
print(lin.parametrizations.weight.original)
parametrize.remove_parametrizations(lin, "weight")
print(lin, type(lin).__name__, list(lin.state_dict()), lin.weight)
parametrize.remove_parametrizations(m, "weight")
print(type(m).__name__, list(m.state_dict()), m.weight)
try:
    parametrize.remove_parametrizations(m, "weight")
except ValueError as e:
    print("ValueError:", e)
try:
    parametrize.register_parametrization(nn.Linear(2, 2), "scale", Symmetric())
except ValueError as e:
    print("ValueError:", e)


class Twice(nn.Module):
    def forward(self, X):
        return torch.cat([X, X])


try:
    parametrize.register_parametrization(nn.Linear(2, 2), "bias", Twice())
except ValueError as e:
    print("ValueError:", e)

conv, bn = nn.Conv2d(2, 3, 2), nn.BatchNorm2d(3)
bn.running_mean.uniform_(); bn.running_var.uniform_(0.5, 1.5)
conv.eval(); bn.eval()
x = torch.randn(1, 2, 3, 3)
fused = nn.utils.fuse_conv_bn_eval(conv, bn)
print(fused, (fused(x) - bn(conv(x))).abs().max() < 1e-5, fused.weight.requires_grad)
lin, bn1 = nn.Linear(3, 4, bias=False).eval(), nn.BatchNorm1d(4).eval()
bn1.running_mean.normal_()
fl = nn.utils.fuse_linear_bn_eval(lin, bn1)
print(fl.bias, fl.weight)
try:
    nn.utils.fuse_linear_bn_eval(nn.Linear(3, 4), nn.BatchNorm1d(4))
except AssertionError as e:
    print("AssertionError:", e)
print(nn.utils.fuse_linear_bn_weights(lin.weight, None, bn1.running_mean, bn1.running_var, 1e-5, None or bn1.weight,
                                      bn1.bias)[1])
sk = nn.utils.skip_init(nn.Linear, 3, 2)
print(type(sk).__name__, sk.weight.shape, torch.rand(2))
