# expand() on every distribution family (a batch of copies sharing the parameters, no new draws),
# MixtureSameFamily of MultivariateNormals expanded, and PyTorch's error for a subclass that
# changes __init__ without its own expand.
import torch
from torch.distributions import *
torch.manual_seed(0)
ds = [Bernoulli(torch.tensor([0.3])), Bernoulli(logits=torch.tensor([0.3])), Geometric(torch.tensor([0.4])),
      Binomial(5, torch.tensor([0.3])), Poisson(torch.tensor([2.0])), StudentT(torch.tensor([3.0])),
      MultivariateNormal(torch.zeros(2), torch.eye(2)), MultivariateNormal(torch.zeros(2), scale_tril=torch.eye(2)),
      HalfNormal(torch.tensor([1.0])), HalfCauchy(torch.tensor([1.0])), LogNormal(torch.tensor([0.0]), torch.tensor([1.0])),
      Gumbel(torch.tensor([0.0]), torch.tensor([1.0])), Laplace(torch.tensor([0.0]), torch.tensor([1.0])),
      Cauchy(torch.tensor([0.0]), torch.tensor([1.0])), Multinomial(4, torch.tensor([0.2, 0.8])),
      Chi2(torch.tensor([2.0])), Beta(torch.tensor([2.0]), torch.tensor([3.0])), Dirichlet(torch.tensor([1.0, 2.0])),
      Normal(torch.tensor([0.0]), torch.tensor([1.0])), Uniform(torch.tensor([0.0]), torch.tensor([2.0])),
      Exponential(torch.tensor([2.0])), Gamma(torch.tensor([2.0]), torch.tensor([1.0])),
      Categorical(torch.tensor([0.2, 0.8])), OneHotCategorical(torch.tensor([0.2, 0.8])),
      Independent(Normal(torch.zeros(3), torch.ones(3)), 1)]
for d in ds:
    e = d.expand((3,) + tuple(d.batch_shape)[1:] if d.batch_shape else (3,))
    s = e.sample()
    print(type(d).__name__, e, e.batch_shape, e.event_shape, s, e.log_prob(s))
mix = MixtureSameFamily(Categorical(torch.ones(2)), MultivariateNormal(torch.randn(2, 2), torch.eye(2)))
print(mix.expand((3,)).sample(), mix.expand((3,)).log_prob(torch.zeros(2)))
class MyNormal(Normal):
    def __init__(self, x):
        super().__init__(x, 1.0)
try:
    MyNormal(torch.zeros(2)).expand((3, 2))
except NotImplementedError as e:
    print("NotImplementedError:", e)
