# MixtureSameFamily (a Gaussian mixture, a mixture of Independent normals, of Bernoullis), the
# relaxed (Concrete / Gumbel-softmax) distributions and the new constraints: seeded samples drawn
# as PyTorch draws them, log_prob, moments, expand, repr, support checks and validation errors.
import torch
from torch.distributions import (Bernoulli, Categorical, Independent, MixtureSameFamily, Normal, RelaxedBernoulli,
                                 RelaxedOneHotCategorical, constraints)
from torch.distributions.relaxed_bernoulli import LogitRelaxedBernoulli
from torch.distributions.relaxed_categorical import ExpRelaxedCategorical

torch.manual_seed(0)
mix = Categorical(torch.tensor([0.3, 0.5, 0.2]))
gmm = MixtureSameFamily(mix, Normal(torch.tensor([-2.0, 0.0, 3.0]), torch.tensor([0.5, 1.0, 2.0])))
print(gmm, gmm.batch_shape, gmm.event_shape, gmm.support)
print("sample", gmm.sample((6,)))
x = torch.tensor([-2.0, 0.1, 4.0])
print("log_prob", gmm.log_prob(x), "cdf", gmm.cdf(x))
print("mean", gmm.mean, "variance", gmm.variance, "stddev", gmm.stddev)
e = gmm.expand((2,))
print("expand", e, e.batch_shape, e.sample().shape, e.log_prob(torch.zeros(2)))

comp = Independent(Normal(torch.randn(2, 4, 3), torch.rand(2, 4, 3) + 0.5), 1)
mvm = MixtureSameFamily(Categorical(logits=torch.randn(2, 4)), comp)
print(mvm.batch_shape, mvm.event_shape, mvm.support)
s = mvm.sample((5,))
print("mvm sample", s)
print("mvm log_prob", mvm.log_prob(s), "mean", mvm.mean, "variance", mvm.variance)
bern = MixtureSameFamily(Categorical(torch.tensor([0.6, 0.4])), Bernoulli(torch.tensor([0.1, 0.9])))
print("bern", bern.sample((8,)), bern.log_prob(torch.tensor([0.0, 1.0])), bern.mean)
w = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
mu = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
nll = -MixtureSameFamily(Categorical(logits=w), Normal(mu, torch.ones(3))).log_prob(torch.tensor([0.5, 1.5])).sum()
nll.backward()
print("nll", nll, nll.grad_fn.name(), w.grad, mu.grad)

temp = torch.tensor(0.5)
rb = RelaxedBernoulli(temp, probs=torch.tensor([0.1, 0.5, 0.9]))
print(rb, rb.batch_shape, rb.support, rb.has_rsample, rb.temperature, rb.logits)
v = rb.rsample((3,))
print("rb sample", v, "log_prob", rb.log_prob(v))
rbl = RelaxedBernoulli(torch.tensor([2.0]), logits=torch.tensor([-1.0, 1.0]))
print(rbl.sample(), rbl.probs, rbl.expand((3, 2)).sample().shape)
lrb = LogitRelaxedBernoulli(temp, probs=0.3)
print(lrb, lrb.batch_shape, lrb.sample((4,)), lrb.log_prob(torch.tensor([-1.0, 2.0])))

logits = torch.tensor([[1.0, 2.0, 0.5], [0.0, 0.0, 3.0]], requires_grad=True)
rc = RelaxedOneHotCategorical(torch.tensor(0.7), logits=logits)
print(rc, rc.batch_shape, rc.event_shape, rc.support, rc.probs)
y = rc.rsample((2,))
print("rc rsample", y, y.sum(-1))
print("rc log_prob", rc.log_prob(y.detach()))
(y[..., 0] * torch.tensor([1.0, 2.0])).sum().backward()
print("rc grad", logits.grad)
rcp = RelaxedOneHotCategorical(torch.tensor([1.0, 0.3]).unsqueeze(-1), probs=torch.tensor([0.2, 0.3, 0.5]))
print(rcp.batch_shape, rcp.sample(), rcp.expand((4, 2)).sample().shape)
erc = ExpRelaxedCategorical(torch.tensor(1.5), probs=torch.tensor([0.25, 0.75]))
print(erc, erc.sample((2,)), erc.log_prob(torch.tensor([-1.0, -0.4])))

for c, v in [(constraints.lower_triangular, torch.tensor([[1.0, 0.0], [2.0, 3.0]])),
             (constraints.corr_cholesky, torch.tensor([[1.0, 0.0], [0.6, 0.8]])),
             (constraints.corr_cholesky, torch.tensor([[1.0, 0.0], [0.6, 0.9]])),
             (constraints.square, torch.ones(3, 2, 2)), (constraints.square, torch.ones(2, 3)),
             (constraints.symmetric, torch.tensor([[1.0, 2.0], [2.0, 1.0]])),
             (constraints.positive_semidefinite, torch.tensor([[1.0, 1.0], [1.0, 1.0]])),
             (constraints.positive_definite, torch.tensor([[1.0, 1.0], [1.0, 1.0]])),
             (constraints.cat([constraints.positive, constraints.real], 0, [2, 1]), torch.tensor([1.0, -1.0, -2.0])),
             (constraints.stack([constraints.positive, constraints.unit_interval], 1), torch.tensor([[1.0, 0.5], [-1.0, 2.0]])),
             (constraints.MixtureSameFamilyConstraint(constraints.positive), torch.tensor([1.0, -1.0]))]:
    print(c, c.event_dim, c.is_discrete, c.check(v))

for bad in [lambda: MixtureSameFamily(Normal(0.0, 1.0), Normal(torch.zeros(2), torch.ones(2))),
            lambda: MixtureSameFamily(Categorical(torch.ones(3)), "normal"),
            lambda: MixtureSameFamily(Categorical(torch.ones(3)), Normal(torch.zeros(2), torch.ones(2))),
            lambda: MixtureSameFamily(Categorical(torch.ones(2, 2)), Normal(torch.zeros(3, 2), torch.ones(3, 2))),
            lambda: gmm.log_prob(torch.ones(2, 2)),
            lambda: RelaxedBernoulli(temp, probs=torch.tensor([1.5])),
            lambda: RelaxedBernoulli(temp, probs=torch.tensor([0.5])).log_prob(torch.tensor([1.5])),
            lambda: RelaxedOneHotCategorical(temp), lambda: RelaxedBernoulli(temp, 0.5, 0.5),
            lambda: RelaxedOneHotCategorical(temp, probs=torch.tensor([0.5, 0.5])).log_prob(torch.tensor([0.5, 0.6]))]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
