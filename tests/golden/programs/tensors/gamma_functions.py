# golden: tolerance=6sig
import torch

x = torch.tensor([0.5, 1.5, 2.0, 3.7, 10.0, 25.3, -2.5, -0.3], requires_grad=True)
print(torch.lgamma(x))
print(torch.digamma(x))
print(torch.polygamma(1, x))
print(torch.polygamma(2, x))
print(torch.special.gammaln(x), torch.special.psi(x))
y = torch.lgamma(x).sum()
y.backward()
print(x.grad)
g, = torch.autograd.grad(torch.digamma(x).sum(), x)
print(g)
print(torch.lgamma(torch.tensor([1, 2, 5])), torch.lgamma(torch.tensor([0.0, -1.0, float("inf")])))
print(torch.digamma(torch.tensor([0.0, -0.0, -2.0, 1.0])))
print(torch.tensor([4.5], dtype=torch.float64).lgamma(), x.detach().digamma_())
