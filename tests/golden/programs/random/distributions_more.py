import torch
from torch.distributions import (Beta, Binomial, Dirichlet, Exponential, Gamma, Geometric, Laplace, Multinomial,
                                 OneHotCategorical, Poisson, constraints)

torch.manual_seed(0)
e = Exponential(torch.tensor([0.5, 2.0]))
print(e, e.sample((3,)), e.mean, e.variance, e.entropy())
print(e.log_prob(torch.tensor([1.0, 0.25])), e.cdf(torch.tensor([1.0, 0.25])), e.icdf(torch.tensor([0.5, 0.9])))
rate = torch.tensor([1.5], requires_grad=True)
x = Exponential(rate).rsample((4,))
x.sum().backward()
print(x, rate.grad)

p = Poisson(torch.tensor([0.5, 4.0, 25.0]))
print(p, p.sample(), p.sample((2,)), p.log_prob(torch.tensor([0., 3., 20.])))
g = Gamma(torch.tensor([0.5, 2.0, 9.0]), torch.tensor([1.0, 3.0, 0.5]))
print(g, g.sample(), g.mean, g.variance, g.entropy())
print(g.log_prob(torch.tensor([0.3, 1.0, 15.0])))
b = Beta(2.0, 5.0)
print(b, b.sample((4,)), b.mean, b.variance, b.entropy(), b.log_prob(torch.tensor(0.3)))
d = Dirichlet(torch.tensor([0.5, 1.0, 2.0]))
print(d, d.sample((2,)), d.log_prob(torch.tensor([0.2, 0.3, 0.5])), d.entropy())
bi = Binomial(10, torch.tensor([0.2, 0.5, 0.9]))
print(bi, bi.sample(), bi.sample((2,)), bi.mean, bi.variance)
print(bi.log_prob(torch.tensor([2., 5., 9.])), bi.entropy(), bi.enumerate_support().shape)
print(Binomial(100, logits=torch.tensor([0.0, 2.0])).sample())
oh = OneHotCategorical(torch.tensor([0.1, 0.2, 0.3, 0.4]))
s = oh.sample((5,))
print(oh, s, oh.log_prob(s), oh.entropy(), oh.mode, oh.enumerate_support())
geo = Geometric(torch.tensor([0.3, 0.8]))
print(geo, geo.sample((3,)), geo.log_prob(torch.tensor([2., 0.])), geo.entropy(), geo.mean)
lap = Laplace(0.0, 2.0)
print(lap, lap.sample((4,)), lap.log_prob(torch.tensor(1.0)), lap.cdf(torch.tensor(1.0)), lap.entropy())
m = Multinomial(6, torch.tensor([0.2, 0.3, 0.5]))
print(m.sample(), m.entropy(), Multinomial(3, probs=torch.tensor([[0.5, 0.5], [0.9, 0.1]])).entropy())
print(constraints.positive, constraints.simplex.check(torch.tensor([0.5, 0.5])), constraints.interval(0., 2.))
print(Exponential(torch.tensor([1.0]), validate_args=False).log_prob(torch.tensor([-1.0])))
for make in (lambda: Exponential(-1.0), lambda: Gamma(torch.tensor([1.0, -2.0]), 1.0), lambda: Beta(0.0, 1.0),
             lambda: Binomial(10, probs=torch.tensor(1.2)), lambda: Poisson(torch.tensor([-1.0])),
             lambda: Geometric(torch.tensor([0.0, 0.5])), lambda: OneHotCategorical(torch.tensor([0.5, -0.5])),
             lambda: Poisson(torch.tensor([2.0])).log_prob(torch.tensor([1.5])),
             lambda: Exponential(2.0).log_prob(torch.tensor([-1.0])),
             lambda: Beta(2.0, 2.0).log_prob(torch.tensor(1.5)),
             lambda: Binomial(5, torch.tensor([0.5, 0.5])).log_prob(torch.tensor([1., 2., 3.])),
             lambda: Multinomial(4, torch.tensor([0.5, 0.5])).log_prob(torch.tensor([1., 2.])),
             lambda: Gamma(1.0, 1.0).log_prob(2),
             lambda: Exponential(1.0).log_prob(1.0)):
    try:
        print(make())
    except ValueError as err:
        print("ValueError:", err)
