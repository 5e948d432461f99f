# LowRankMultivariateNormal, VonMises, ContinuousBernoulli and ExponentialFamily (entropy and KL
# by Bregman divergence): seeded samples drawn as PyTorch draws them (VonMises's rejection sampler
# in float64), log_prob, moments, expand, KL pairs, validation errors. The log_prob of p = 0.4995 (the
# Taylor region) is taken away from x = 0.5, where it cancels to the last bits of float32 log (VML).
import torch
from torch.distributions import (Bernoulli, Beta, ContinuousBernoulli, Exponential, ExponentialFamily, Gamma,
                                 LowRankMultivariateNormal, MultivariateNormal, Normal, Poisson, Uniform, VonMises,
                                 kl_divergence)

torch.manual_seed(0)
loc = torch.tensor([0.5, -1.0, 2.0])
W = torch.tensor([[1.0, 0.2], [0.3, -0.5], [0.0, 0.8]])
D = torch.tensor([0.5, 1.0, 0.25])
lr = LowRankMultivariateNormal(loc, W, D)
print(lr, lr.batch_shape, lr.event_shape, lr.support)
s = lr.sample((4,))
print("sample", s)
print("log_prob", lr.log_prob(s), "entropy", lr.entropy())
print("mean", lr.mean, "variance", lr.variance)
print("covariance", lr.covariance_matrix)
print("precision", lr.precision_matrix)
print("scale_tril", lr.scale_tril)
e = lr.expand((2,))
print("expand", e.batch_shape, e.sample().shape, e.log_prob(torch.zeros(3)))
bl = LowRankMultivariateNormal(torch.zeros(2, 3), torch.randn(2, 3, 1), torch.rand(2, 3) + 0.1)
print("batched", bl.batch_shape, bl.rsample((2,)).shape, bl.log_prob(torch.ones(3)))
Wg = W.clone().requires_grad_()
x = LowRankMultivariateNormal(loc, Wg, D).rsample((2,))
x.sum().backward()
print("rsample grad", Wg.grad)
mvn = MultivariateNormal(loc, lr.covariance_matrix)
print("kl lr lr", kl_divergence(lr, LowRankMultivariateNormal(torch.zeros(3), W * 0.5, D + 0.5)))
print("kl lr mvn", kl_divergence(lr, MultivariateNormal(torch.zeros(3), torch.eye(3))))
print("kl mvn lr", kl_divergence(MultivariateNormal(torch.zeros(3), torch.eye(3)), lr))

vm = VonMises(torch.tensor([0.0, 1.0, -2.5]), torch.tensor([0.5, 4.0, 50.0]))
print(vm, vm.batch_shape, vm.support, vm.has_rsample)
v = vm.sample((4,))
print("vm sample", v)
print("vm log_prob", vm.log_prob(v), "mean", vm.mean, "variance", vm.variance)
print("vm expand", vm.expand((2, 3)).sample().shape, VonMises(0.0, 1.0).sample((5,)))

cb = ContinuousBernoulli(torch.tensor([0.1, 0.4995, 0.7, 0.95]))
print(cb, cb.batch_shape, cb.support, cb.has_rsample)
print("cb sample", cb.sample((3,)))
u = torch.tensor([0.2, 0.3, 0.8, 0.99])
print("cb log_prob", cb.log_prob(u), "cdf", cb.cdf(u), "icdf", cb.icdf(u))
print("cb mean", cb.mean, "variance", cb.variance, "stddev", cb.stddev, "entropy", cb.entropy())
print("cb logits", ContinuousBernoulli(logits=torch.tensor([-2.0, 0.0, 3.0])).probs)
p = torch.tensor([0.3, 0.8], requires_grad=True)
r = ContinuousBernoulli(p).rsample((3,))
r.sum().backward()
print("cb rsample", r, r.grad_fn.name(), p.grad)
print("cb expand", cb.expand((2, 4)).batch_shape)
q = ContinuousBernoulli(torch.tensor([0.5, 0.2, 0.6, 0.9]))
print("kl cb cb", kl_divergence(cb, q))
print("kl cb others", kl_divergence(cb, Exponential(2.0)), kl_divergence(cb, Normal(0.5, 2.0)),
      kl_divergence(cb, Uniform(0.0, 1.0)), kl_divergence(Beta(2.0, 3.0), q), kl_divergence(Uniform(0.2, 0.7), q),
      kl_divergence(Normal(0.0, 1.0), q), kl_divergence(Gamma(1.0, 1.0), q))

print("expfamily", issubclass(Normal, ExponentialFamily), issubclass(Uniform, ExponentialFamily))
print("entropy Bregman", ExponentialFamily.entropy(Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 3.0]))),
      ExponentialFamily.entropy(Gamma(torch.tensor([2.0, 0.5]), 1.5)), ExponentialFamily.entropy(Exponential(2.0)),
      ExponentialFamily.entropy(Bernoulli(torch.tensor([0.2, 0.7]))))
print("kl Bregman", kl_divergence(Poisson(torch.tensor([2.0, 5.0])), Poisson(3.0)))
for p, q in [(Poisson(2.0), Bernoulli(0.5)), (Exponential(1.0), Poisson(1.0))]:
    try:
        print("kl", kl_divergence(p, q))
    except NotImplementedError as e:
        print("NotImplementedError:", e)

for bad in [lambda: LowRankMultivariateNormal(torch.tensor(0.0), W, D), lambda: LowRankMultivariateNormal(loc, D, D),
            lambda: LowRankMultivariateNormal(loc, W.T, D), lambda: LowRankMultivariateNormal(loc, W, D[:2]),
            lambda: LowRankMultivariateNormal(loc.expand(2, 3), W.expand(3, 3, 2), D),
            lambda: VonMises(torch.tensor(0.0), torch.tensor(-1.0)),
            lambda: ContinuousBernoulli(torch.tensor([1.5]), validate_args=True),
            lambda: ContinuousBernoulli(torch.tensor([1.5])),
            lambda: ContinuousBernoulli(0.3).log_prob(torch.tensor(1.5)), lambda: ContinuousBernoulli()]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
