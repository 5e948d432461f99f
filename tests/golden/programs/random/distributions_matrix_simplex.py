# LKJCholesky, Wishart, LogisticNormal, GeneralizedPareto and OneHotCategoricalStraightThrough:
# seeded samples drawn as PyTorch draws them, log_prob, moments, entropy, expand, the straight-through
# gradient, validation errors. Matrix results pass through float32 Cholesky factors (LAPACK's bits
# are not reproduced: computed in float64 and rounded), so they are printed as tensors (4 decimals).
import warnings

import torch
from torch.distributions import (GeneralizedPareto, LKJCholesky, LogisticNormal, OneHotCategoricalStraightThrough,
                                 Wishart, kl_divergence)

torch.manual_seed(0)
lkj = LKJCholesky(3, torch.tensor([0.5, 2.0]))
print(lkj, lkj.batch_shape, lkj.event_shape, lkj.support)
L = lkj.sample((2,))
print("lkj sample", L)
print("lkj corr", L @ L.mT)
print("lkj log_prob", lkj.log_prob(L), lkj.expand((3, 2)).sample().shape)
print("lkj scalar", LKJCholesky(2).sample(), LKJCholesky(4, 1.5).log_prob(torch.eye(4)))

cov = torch.tensor([[2.0, 0.3], [0.3, 1.0]])
w = Wishart(torch.tensor(4.0), covariance_matrix=cov)
print(w, w.batch_shape, w.event_shape, w.support)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    s = w.rsample((3,))  # PyTorch's check marks every sample singular: each is drawn again once
print("wishart sample", s, [str(c.message) for c in caught])
print("wishart log_prob", w.log_prob(s), "entropy", w.entropy())
print("wishart mean", w.mean, "mode", w.mode, "variance", w.variance)
print("wishart params", w.scale_tril, w.precision_matrix)
wb = Wishart(torch.tensor([3.0, 5.0]), scale_tril=torch.tensor([[1.0, 0.0], [0.5, 2.0]]))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("wishart batch", wb.batch_shape, wb.sample().shape, wb.log_prob(torch.eye(2)), wb.expand((4, 2)).batch_shape)
    print("wishart precision", Wishart(3, precision_matrix=torch.eye(3) * 2).sample())
print("wishart kl", kl_divergence(Wishart(torch.tensor(4.0), covariance_matrix=cov), Wishart(torch.tensor(5.0), covariance_matrix=torch.eye(2))))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    Wishart(torch.tensor(1.5), covariance_matrix=cov)
print("warned", [str(c.message) for c in caught])

ln = LogisticNormal(torch.tensor([0.0, 1.0, -1.0]), torch.tensor([1.0, 0.5, 2.0]))
print(ln, ln.batch_shape, ln.event_shape, ln.support, ln.loc, ln.scale)
v = ln.sample((2,))
print("logistic normal", v, v.sum(-1), ln.log_prob(v))
ln1 = LogisticNormal(0.0, 1.0)
print("scalar", ln1.batch_shape, ln1.event_shape, ln1.sample(), ln1.expand((2,)).sample().shape)

gp = GeneralizedPareto(torch.tensor([0.0, 1.0, 0.0]), torch.tensor([1.0, 2.0, 0.5]), torch.tensor([0.0, 0.5, -0.25]))
print(gp, gp.batch_shape, gp.support)
x = gp.rsample((3,))
print("gp sample", x)
value = torch.tensor([0.5, 2.0, 1.0])
print("gp log_prob", gp.log_prob(value), "cdf", gp.cdf(value), "icdf", gp.icdf(torch.tensor([0.1, 0.5, 0.9])))
print("gp log_survival", gp.log_survival_function(value), "log_cdf", gp.log_cdf(value))
print("gp mean", gp.mean, "variance", gp.variance, "mode", gp.mode, "entropy", gp.entropy(), gp.expand((2, 3)).batch_shape)
c = torch.tensor([0.1], requires_grad=True)
GeneralizedPareto(0.0, 1.0, c).rsample((4,)).sum().backward()
print("gp grad", c.grad)

probs = torch.tensor([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1]], requires_grad=True)
st = OneHotCategoricalStraightThrough(probs)
print(st, st.has_rsample, st.batch_shape, st.event_shape)
r = st.rsample((2,))
print("st rsample", r, r.grad_fn.name())
(r * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print("st grad", probs.grad, st.log_prob(r.detach()), st.expand((4, 2)).sample().shape)

for bad in [lambda: LKJCholesky(1), lambda: LKJCholesky(3, -1.0),
            lambda: LKJCholesky(2).log_prob(torch.tensor([[1.0, 0.0], [0.5, 0.5]])),
            lambda: Wishart(torch.tensor(0.5), covariance_matrix=cov), lambda: Wishart(3.0, covariance_matrix=torch.ones(2)),
            lambda: Wishart(3.0, covariance_matrix=torch.tensor([[1.0, 2.0], [0.0, 1.0]]), validate_args=True),
            lambda: LogisticNormal(0.0, -1.0), lambda: GeneralizedPareto(0.0, -1.0, 0.1),
            lambda: GeneralizedPareto(0.0, 1.0, -0.5).log_prob(torch.tensor(3.0))]:
    try:
        bad()
    except (ValueError, AssertionError) as e:
        print(type(e).__name__ + ":", e)
