# Pareto, Weibull, InverseGamma, Kumaraswamy, FisherSnedecor and NegativeBinomial: seeded samples
# (the same draws as PyTorch's), log_prob, moments, entropy, cdf/icdf where defined, expand, repr,
# validation errors and their KL pairs. Values through float32 log/lgamma/pow (VML, SLEEF:
# arith-parity.md 2.1, not correctly rounded) are printed as tensors (4 decimals).
import torch
from torch.distributions import (FisherSnedecor, InverseGamma, Kumaraswamy, NegativeBinomial, Pareto, Weibull,
                                 kl_divergence)

torch.manual_seed(0)
dists = {
    "Pareto": Pareto(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 1.5])),
    "Pareto scalar": Pareto(2.0, 0.5),
    "Weibull": Weibull(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 3.0])),
    "InverseGamma": InverseGamma(torch.tensor([3.0, 1.5]), torch.tensor([2.0, 1.0])),
    "Kumaraswamy": Kumaraswamy(torch.tensor([2.0, 0.5]), torch.tensor([3.0, 0.7])),
    "FisherSnedecor": FisherSnedecor(torch.tensor([3.0, 6.0]), torch.tensor([5.0, 12.0])),
    "FisherSnedecor scalar": FisherSnedecor(4.0, 2.0),
    "NegativeBinomial": NegativeBinomial(torch.tensor([5.0, 2.5]), torch.tensor([0.3, 0.8])),
    "NegativeBinomial logits": NegativeBinomial(3.0, logits=torch.tensor([-1.0, 0.5])),
}
value = torch.tensor([[2.5, 3.0], [0.5, 0.9]])
for name, d in dists.items():
    print(name, d, d.batch_shape, d.event_shape, d.support, d.has_rsample)
    print(" sample", d.sample((3,)))
    v = value if not isinstance(d, NegativeBinomial) else torch.tensor([[0.0, 2.0], [7.0, 1.0]])
    if isinstance(d, Kumaraswamy):
        v = torch.tensor([[0.25, 0.5], [0.75, 0.9]])
    if isinstance(d, Pareto):
        v = torch.tensor([[2.5, 3.0], [4.0, 2.1]])
    print(" log_prob", d.log_prob(v))
    for attr in ("mean", "mode", "variance", "stddev"):
        print(" " + attr, getattr(d, attr))
    if not isinstance(d, (NegativeBinomial, FisherSnedecor)):
        print(" entropy", d.entropy())
    if isinstance(d, (Pareto, Weibull)):
        print(" cdf", d.cdf(v), "icdf", d.icdf(torch.tensor([0.25, 0.9])))
    e = d.expand((3, 2))
    print(" expand", e, e.batch_shape, e.sample().shape, e.log_prob(v[0]).shape)

scale = torch.tensor([1.0, 2.0], requires_grad=True)
conc = torch.tensor([2.0, 0.7], requires_grad=True)
torch.manual_seed(1)
x = Weibull(scale, conc).rsample((4,))
x.sum().backward()
print("weibull rsample", x, scale.grad, conc.grad)
torch.manual_seed(2)
k = Kumaraswamy(conc, scale).rsample((3,))
k.sum().backward()
print("kumaraswamy rsample", k, k.grad_fn.name(), conc.grad, scale.grad)
lp = Pareto(scale, conc).log_prob(torch.tensor([3.0, 4.0]))
print("pareto log_prob grad_fn", lp.grad_fn.name(), torch.autograd.grad(lp.sum(), [scale, conc]))

from torch.distributions import Beta, Exponential, Gamma, Normal, Uniform
pareto = Pareto(torch.tensor([1.0, 0.5]), torch.tensor([3.0, 2.5]))
pairs = [(Pareto(1.0, 2.0), Pareto(torch.tensor([0.5, 2.0]), torch.tensor([1.0, 3.0]))),
         (pareto, Exponential(2.0)), (pareto, Gamma(2.0, 1.5)), (pareto, Normal(1.0, 2.0)), (pareto, Uniform(0.0, 1.0)),
         (Uniform(torch.tensor([1.0, 0.5]), 3.0), Pareto(1.0, 2.0)), (Normal(0.0, 1.0), pareto),
         (Exponential(1.0), pareto), (Gamma(2.0, 1.0), pareto), (Beta(2.0, 2.0), pareto)]
for p, q in pairs:
    print("kl", type(p).__name__, type(q).__name__, kl_divergence(p, q))
for d in (FisherSnedecor(1.0, 2.0), NegativeBinomial(2.0, 0.5)):
    for method in (d.entropy, lambda: d.cdf(torch.tensor(1.0))):
        try:
            method()
        except NotImplementedError as e:
            print(type(d).__name__, "NotImplementedError", e)
for bad in [lambda: Pareto(-1.0, 1.0), lambda: Weibull(1.0, torch.tensor([1.0, 0.0])),
            lambda: NegativeBinomial(2.0, torch.tensor([1.0])), lambda: NegativeBinomial(-1.0, 0.5),
            lambda: NegativeBinomial(2.0), lambda: InverseGamma(1.0, 2.0).log_prob(torch.tensor(-1.0)),
            lambda: Pareto(2.0, 1.0).log_prob(torch.tensor(1.0)), lambda: Kumaraswamy(1.0, 1.0).log_prob(torch.tensor(1.5)),
            lambda: FisherSnedecor(1.0, 0.0)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
