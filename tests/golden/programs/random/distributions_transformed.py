# The transformed-distribution family (LogNormal, Gumbel, HalfNormal, HalfCauchy), Cauchy, StudentT,
# Chi2, transforms, Independent and kl_divergence/register_kl. Seeded samples and most values are
# printed in full; values through float32 log/lgamma (VML, SLEEF: arith-parity.md 2.1, not
# correctly rounded) are printed as tensors (4 decimals).
import torch
from torch.distributions import (Cauchy, Chi2, Gumbel, HalfCauchy, HalfNormal, LogNormal, StudentT, Normal,
                                 TransformedDistribution, Uniform, Independent, kl_divergence, register_kl)
from torch.distributions import transforms as T

def show(name, t):
    print(name, t.tolist() if isinstance(t, torch.Tensor) else t)

torch.manual_seed(0)
dists = {
    "LogNormal": LogNormal(torch.tensor([0.0, 0.5]), torch.tensor([1.0, 0.3])),
    "Gumbel": Gumbel(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0])),
    "Gumbel scalar": Gumbel(1.0, 2.0),
    "HalfNormal": HalfNormal(torch.tensor([1.0, 2.5])),
    "HalfCauchy": HalfCauchy(torch.tensor([1.0, 0.5])),
    "Cauchy": Cauchy(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 3.0])),
    "StudentT": StudentT(torch.tensor([3.0, 10.0]), torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0])),
    "Chi2": Chi2(torch.tensor([2.0, 5.0])),
}
for name, d in dists.items():
    print(name, d, d.batch_shape, d.event_shape, d.support, d.has_rsample)
    show(" sample", d.sample((3,)))
    value = torch.tensor([[0.5, 1.5], [2.0, 0.1]])
    print(" log_prob", d.log_prob(value))
    for attr in ("mean", "mode", "variance", "stddev"):
        show(" " + attr, getattr(d, attr))
    show(" entropy", d.entropy())
    if not isinstance(d, (StudentT, Chi2)):
        print(" cdf", d.cdf(value))
    if not isinstance(d, (StudentT, Chi2)):
        print(" icdf", d.icdf(torch.tensor([0.25, 0.9])))

loc = torch.tensor([0.3, -0.2], requires_grad=True)
scale = torch.tensor([1.0, 0.5], requires_grad=True)
torch.manual_seed(1)
s = LogNormal(loc, scale).rsample((4,))
s.sum().backward()
show("rsample grads", [loc.grad.tolist(), scale.grad.tolist()])
d = Cauchy(loc, scale); x = d.rsample((2,)); print(x)

base = Normal(torch.zeros(3), torch.ones(3))
td = TransformedDistribution(base, [T.AffineTransform(1.0, 2.0), T.SigmoidTransform()])
torch.manual_seed(2)
v = td.sample((2,)); show("td sample", v); print("td log_prob", td.log_prob(v)); print(td.support, td)
td2 = TransformedDistribution(base, T.TanhTransform())
show("tanh log_prob", td2.log_prob(torch.tensor([0.1, -0.5, 0.9])))
ind = Independent(Normal(torch.zeros(2, 3), torch.ones(2, 3)), 1)
print(ind, ind.batch_shape, ind.event_shape); show("ind log_prob", ind.log_prob(torch.ones(2, 3)))
c = T.ComposeTransform([T.ExpTransform(), T.AffineTransform(0.0, 3.0)])
print(c, c.inv, c.inv.inv is c, T.ExpTransform().inv, T.ExpTransform() == T.ExpTransform(), c.sign, c.domain, c.codomain)
x = torch.tensor([0.5, -1.0]); y = c(x); show("compose", [y.tolist(), c.inv(y).tolist(), c.log_abs_det_jacobian(x, y).tolist()])
p2 = T.PowerTransform(torch.tensor(2.0)); show("power", [p2(torch.tensor([3.0])).tolist(), p2.inv(torch.tensor([9.0])).tolist()])

pairs = [(Normal(0.0, 1.0), Normal(torch.tensor([1.0, -1.0]), torch.tensor([2.0, 0.5]))),
         (LogNormal(0.0, 1.0), LogNormal(1.0, 2.0)), (HalfNormal(1.0), HalfNormal(2.0)),
         (Gumbel(0.0, 1.0), Gumbel(1.0, 2.0)), (Cauchy(0.0, 1.0), Cauchy(2.0, 0.5)),
         (Independent(Normal(torch.zeros(2), torch.ones(2)), 1), Independent(Normal(torch.ones(2), torch.ones(2)), 1))]
for p, q in pairs:
    print("kl " + type(p).__name__, kl_divergence(p, q))
from torch.distributions import (Bernoulli, Beta, Binomial, Categorical, Dirichlet, Exponential, Gamma, Geometric,
                                 Laplace, MultivariateNormal, OneHotCategorical, Poisson)
pairs = [(Bernoulli(0.3), Bernoulli(torch.tensor([0.5, 0.0, 1.0]))), (Beta(2.0, 3.0), Beta(1.5, 0.5)),
         (Binomial(10, torch.tensor([0.3, 0.6])), Binomial(10, torch.tensor([0.5, 0.5]))),
         (Categorical(torch.tensor([0.2, 0.3, 0.5])), Categorical(torch.tensor([0.1, 0.0, 0.9]))),
         (Dirichlet(torch.tensor([1.0, 2.0, 3.0])), Dirichlet(torch.tensor([2.0, 2.0, 2.0]))),
         (Exponential(2.0), Exponential(torch.tensor([0.5, 3.0]))), (Gamma(2.0, 3.0), Gamma(1.0, 1.5)),
         (Geometric(0.3), Geometric(0.6)), (Laplace(0.0, 1.0), Laplace(1.0, 2.0)),
         (MultivariateNormal(torch.zeros(2), torch.tensor([[2.0, 0.5], [0.5, 1.0]])),
          MultivariateNormal(torch.ones(2), torch.eye(2))),
         (OneHotCategorical(torch.tensor([0.2, 0.8])), OneHotCategorical(torch.tensor([0.5, 0.5]))),
         (Poisson(3.0), Poisson(torch.tensor([1.0, 4.0]))),
         (Uniform(0.0, 1.0), Uniform(torch.tensor([-1.0, 0.5]), torch.tensor([2.0, 1.0]))),
         (Normal(0.0, 1.0), Laplace(1.0, 2.0)), (Laplace(0.0, 1.0), Normal(1.0, 2.0)), (Normal(0.0, 1.0), Gumbel(1.0, 2.0)),
         (Normal(0.0, 1.0), Uniform(0.0, 1.0)), (Bernoulli(0.3), Poisson(2.0))]
for p, q in pairs:
    show("kl %s %s" % (type(p).__name__, type(q).__name__), kl_divergence(p, q))
try:
    kl_divergence(Cauchy(0.0, 1.0), Normal(0.0, 1.0))
except NotImplementedError as e:
    print("NotImplementedError:", e)

class MyNormal(Normal):
    pass

@register_kl(MyNormal, Normal)
def _kl_mine(p, q):
    return torch.tensor(42.0)

show("registered", [kl_divergence(MyNormal(0.0, 1.0), Normal(0.0, 1.0)), kl_divergence(Normal(0.0, 1.0), MyNormal(0.0, 1.0))])
for bad in [lambda: LogNormal(0.0, -1.0), lambda: StudentT(-1.0), lambda: HalfNormal(torch.tensor([1.0, -2.0])),
            lambda: Cauchy(0.0, 1.0).log_prob(0.5), lambda: HalfNormal(1.0).log_prob(torch.tensor(-1.0)),
            lambda: TransformedDistribution(base, "exp")]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
