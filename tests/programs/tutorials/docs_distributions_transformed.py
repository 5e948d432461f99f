# Source: PyTorch documentation, the examples of torch.distributions' LogNormal, Gumbel, HalfNormal,
#   HalfCauchy, Cauchy, StudentT, Chi2 and TransformedDistribution (the class docstrings,
#   https://github.com/pytorch/pytorch); the VAE loss of pytorch/examples (vae/main.py,
#   https://github.com/pytorch/examples). Licence: BSD-3-Clause (both).
# Changed: the examples in one file, seeded (the docs show unseeded draws); the logistic example gets
#   a = 0, b = 1 and a few values; the VAE's KL term is computed for a made-up batch of mu/logvar
#   (no encoder, no MNIST) and compared with torch.distributions.kl_divergence.
import torch
from torch.distributions import (Cauchy, Chi2, Gumbel, HalfCauchy, HalfNormal, LogNormal, Normal, StudentT,
                                 TransformedDistribution, Uniform, kl_divergence)
from torch.distributions.transforms import AffineTransform, SigmoidTransform

torch.manual_seed(0)

m = LogNormal(torch.tensor([0.0]), torch.tensor([1.0]))
print(m.sample())  # log-normal distributed with mean=0 and stddev=1
m = Gumbel(torch.tensor([1.0]), torch.tensor([2.0]))
print(m.sample())  # sample from Gumbel distribution with loc=1, scale=2
m = HalfNormal(torch.tensor([1.0]))
print(m.sample())  # half-normal distributed with scale=1
m = HalfCauchy(torch.tensor([1.0]))
print(m.sample())  # half-cauchy distributed with scale=1
m = Cauchy(torch.tensor([0.0]), torch.tensor([1.0]))
print(m.sample())  # sample from a Cauchy distribution with loc=0 and scale=1
m = StudentT(torch.tensor([2.0]))
print(m.sample())  # Student's t-distributed with degrees of freedom=2
m = Chi2(torch.tensor([1.0]))
print(m.sample())  # Chi2 distributed with shape df=1

# Building a Logistic Distribution
# X ~ Uniform(0, 1)
# f = a + b * logit(X)
# Y ~ f(X) ~ Logistic(a, b)
a, b = 0.0, 1.0
base_distribution = Uniform(0, 1)
transforms = [SigmoidTransform().inv, AffineTransform(loc=a, scale=b)]
logistic = TransformedDistribution(base_distribution, transforms)
y = logistic.sample((5,))
print(y)
print(logistic.log_prob(torch.tensor([-2.0, 0.0, 0.5, 3.0])))
print(logistic.cdf(torch.tensor([-2.0, 0.0, 0.5, 3.0])))

# The VAE's KL term: KL(N(mu, sigma) || N(0, 1)), summed over the batch and latent dims
mu = torch.randn(4, 2)
logvar = torch.randn(4, 2) * 0.5
KLD = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
print(KLD)
posterior = Normal(mu, torch.exp(0.5 * logvar))
prior = Normal(torch.zeros_like(mu), torch.ones_like(mu))
print(kl_divergence(posterior, prior).sum())
print(kl_divergence(posterior, prior))
