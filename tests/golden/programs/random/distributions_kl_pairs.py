# kl_divergence between every pair of these families (batch of 2 each): PyTorch's registered
# formulas, its infinite pairs, the Bregman divergence of two members of one exponential family,
# and its errors where nothing is registered. Values through float32 log/lgamma/digamma (VML,
# SLEEF: arith-parity.md 2.1) are printed as tensors (4 decimals).
import torch
from torch.distributions import (Bernoulli, Beta, Binomial, Cauchy, ContinuousBernoulli, Exponential, Gamma,
                                 Geometric, Gumbel, HalfNormal, Laplace, LogNormal, Normal, Pareto, Poisson, Uniform,
                                 kl_divergence)

t = torch.tensor
dists = [Bernoulli(t([0.3, 0.6])), Beta(t([2.0, 0.5]), t([3.0, 1.5])), Binomial(5, t([0.3, 0.6])),
         Cauchy(t([0.0, 1.0]), t([1.0, 2.0])), ContinuousBernoulli(t([0.2, 0.7])), Exponential(t([1.5, 0.5])),
         Gamma(t([2.0, 0.7]), t([1.0, 3.0])), Geometric(t([0.3, 0.8])), Gumbel(t([0.0, -1.0]), t([1.0, 0.5])),
         HalfNormal(t([1.0, 2.0])), Laplace(t([0.5, 0.0]), t([1.0, 2.0])), LogNormal(t([0.0, 0.5]), t([1.0, 0.3])),
         Normal(t([0.2, -1.0]), t([1.0, 2.5])), Pareto(t([1.0, 0.5]), t([3.0, 2.5])), Poisson(t([2.0, 0.5])),
         Uniform(t([0.1, 0.0]), t([0.9, 3.0]))]
for p in dists:
    for q in dists:
        name = f"{type(p).__name__} || {type(q).__name__}"
        try:
            print(name, kl_divergence(p, q))
        except NotImplementedError as e:
            print(name, "NotImplementedError:", e)
