import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp
torch.manual_seed(0)
def f(x, y): return 2 * x.exp() + 3 * y
inputs = (torch.rand(3), torch.rand(3))
print(jacobian(f, inputs))
print(jacobian(lambda x: x ** 2, torch.tensor([1., 2.])))
def g(x): return (x ** 3).sum()
print(hessian(g, torch.tensor([1., 2.])))
print(hessian(lambda a, b: (a * b ** 2).sum(), (torch.tensor([1., 2.]), torch.tensor([3., 4.]))))
print(vjp(lambda x: x ** 2, torch.tensor([1., 2.]), torch.tensor([1., 1.])))
print(jvp(lambda x: x ** 2, torch.tensor([1., 2.]), torch.tensor([1., 0.5])))
print(hvp(g, torch.tensor([1., 2.]), torch.tensor([1., 0.])))
print(vhp(g, torch.tensor([1., 2.]), torch.tensor([1., 0.])))
