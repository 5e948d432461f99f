# mode, variance and enumerate_support where PyTorch defines them for the older families
# (Bernoulli, Beta, Categorical, Dirichlet, Independent, Uniform, Binomial), and param_shape.
import torch
from torch.distributions import Bernoulli, Beta, Binomial, Categorical, Dirichlet, Independent, Normal, Uniform

b = Bernoulli(torch.tensor([0.2, 0.5, 0.9]))
print("bernoulli", b.mode, b.param_shape, b.enumerate_support(), b.enumerate_support(expand=False).shape)
print("bernoulli logits", Bernoulli(logits=torch.tensor([[0.0, 2.0]])).enumerate_support().shape,
      Bernoulli(logits=torch.tensor([[0.0, 2.0]])).expand((3, 2)).param_shape)
print("beta", Beta(torch.tensor([2.0, 0.5, 3.0]), torch.tensor([3.0, 0.5, 1.0])).mode)
c = Categorical(torch.tensor([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1]]))
print("categorical", c.variance, c.enumerate_support(), c.enumerate_support(False).shape, c.enumerate_support().dtype)
d = Dirichlet(torch.tensor([[2.0, 3.0, 4.0], [0.5, 0.2, 0.9], [1.0, 0.5, 3.0]]))
print("dirichlet", d.mode)
print("uniform", Uniform(torch.tensor([0.0, 1.0]), torch.tensor([2.0, 5.0])).mode)
ind = Independent(Bernoulli(torch.tensor([[0.3, 0.6]])), 0)
print("independent", ind.enumerate_support().shape, ind.mode)
print("binomial", Binomial(3, torch.tensor([0.2, 0.7])).enumerate_support())
for bad in [lambda: Independent(Bernoulli(torch.tensor([[0.3, 0.6]])), 1).enumerate_support(),
            lambda: Normal(0.0, 1.0).enumerate_support()]:
    try:
        bad()
    except NotImplementedError as e:
        print("NotImplementedError:", e)
print("gamma cdf", torch.distributions.Gamma(torch.tensor([0.5, 2.0, 9.0]), torch.tensor([1.0, 3.0, 0.5])).cdf(torch.tensor([0.3, 1.0, 15.0])))
print("chi2 cdf", torch.distributions.Chi2(torch.tensor([2.0, 5.0])).cdf(torch.tensor([1.0, 4.0])))
