# The remaining transforms (forward, inverse, log|det J|, sign, domain/codomain, event dims, shapes)
# and the biject_to / transform_to registries, used as a learner would: optimise an unconstrained
# parameter mapped onto a constraint, build a distribution from transforms.
import torch
from torch.distributions import (Dirichlet, Normal, TransformedDistribution, Uniform, biject_to, constraints,
                                 transform_to)
from torch.distributions import transforms as T
from torch.distributions.utils import tril_matrix_to_vec, vec_to_tril_matrix


def show(name, t, x):
    y = t(x)
    print(name, t, "event_dim", t.domain.event_dim, t.codomain.event_dim, "bijective", t.bijective)
    print("  y", y)
    print("  inv", t.inv(y))
    try:
        print("  log|det J|", t.log_abs_det_jacobian(x, y))
    except NotImplementedError:
        print("  log|det J| not implemented")
    print("  shapes", t.forward_shape(x.shape), t.inverse_shape(y.shape), t.domain, t.codomain)


torch.manual_seed(0)
x = torch.randn(2, 3)
show("softplus", T.SoftplusTransform(), x)
show("softmax", T.SoftmaxTransform(), x)
show("stick", T.StickBreakingTransform(), x)
show("corr", T.CorrCholeskyTransform(), x)
show("lower", T.LowerCholeskyTransform(), torch.randn(2, 2, 2))
show("posdef", T.PositiveDefiniteTransform(), torch.randn(3, 3))
show("reshape", T.ReshapeTransform((2, 3), (3, 2)), torch.randn(4, 2, 3))
show("independent", T.IndependentTransform(T.ExpTransform(), 1), x)
show("cat", T.CatTransform([T.ExpTransform(), T.identity_transform, T.SigmoidTransform()], dim=1, lengths=[1, 1, 1]), x)
show("cat0", T.CatTransform([T.ExpTransform(), T.AffineTransform(1.0, 2.0)], dim=0, lengths=[1, 1]), x)
show("stack", T.StackTransform([T.ExpTransform(), T.SoftplusTransform(), T.TanhTransform()], dim=1), x)
show("cdf", T.CumulativeDistributionTransform(Normal(0.0, 2.0)), x)
print("signs", T.SoftplusTransform().sign, T.IndependentTransform(T.AffineTransform(0.0, -2.0), 1).sign,
      T.CumulativeDistributionTransform(Normal(0.0, 1.0)).sign)
print("eq", T.SoftplusTransform() == T.SoftplusTransform(), T.StickBreakingTransform() == T.SoftmaxTransform(),
      T.CorrCholeskyTransform() == T.CorrCholeskyTransform())
c = T.SoftplusTransform(cache_size=1)
y = c(x)
print("cache", c.inv(y) is x, T.IndependentTransform(c, 1).with_cache(0).base_transform._cache_size)
print(vec_to_tril_matrix(torch.arange(1.0, 7.0)), tril_matrix_to_vec(torch.arange(9.0).view(3, 3), diag=-1))

for con in [constraints.real, constraints.positive, constraints.nonnegative, constraints.greater_than(2.0),
            constraints.greater_than_eq(-1.0), constraints.less_than(3.0), constraints.unit_interval,
            constraints.interval(-2.0, 5.0), constraints.half_open_interval(0.0, 1.0), constraints.simplex,
            constraints.real_vector, constraints.independent(constraints.positive, 1), constraints.corr_cholesky,
            constraints.cat([constraints.positive, constraints.real], 0, [2, 1]),
            constraints.stack([constraints.positive, constraints.unit_interval], 0)]:
    t = biject_to(con)
    u = transform_to(con)
    print("registry", con, "->", t, "|", u)
    z = torch.tensor([-1.5, 0.2, 2.0]) if con.event_dim < 2 else torch.tensor([0.3, -0.4, 1.1])
    if isinstance(con, constraints.stack):
        z = torch.tensor([-0.5, 0.5])
    v = t(z)
    print("  value", v, "check", con.check(v), "back", t.inv(v))
for con in [constraints.lower_cholesky, constraints.positive_definite, constraints.positive_semidefinite]:
    print("transform_to", con, transform_to(con), transform_to(con)(torch.tensor([[0.5, 3.0], [-1.0, 0.2]])))
for bad in [lambda: biject_to(constraints.lower_cholesky), lambda: biject_to(constraints.boolean),
            lambda: transform_to(constraints.integer_interval(0, 3))]:
    try:
        bad()
    except NotImplementedError as e:
        print("NotImplementedError:", e)

# a positive scale and a probability vector learned through unconstrained parameters
raw_scale = torch.zeros(1, requires_grad=True)
raw_probs = torch.zeros(2, requires_grad=True)
data = torch.tensor([0.5, -1.2, 2.3, 0.1])
opt = torch.optim.Adam([raw_scale, raw_probs], lr=0.1)
for step in range(30):
    scale = transform_to(constraints.positive)(raw_scale)
    probs = biject_to(constraints.simplex)(raw_probs)
    loss = -Normal(0.0, scale).log_prob(data).sum() - Dirichlet(torch.tensor([2.0, 5.0, 3.0])).log_prob(probs)
    opt.zero_grad()
    loss.backward()
    opt.step()
print("learned", scale, probs, loss)

# a distribution pushed through the new transforms
torch.manual_seed(3)
td = TransformedDistribution(Normal(torch.zeros(2), torch.ones(2)), [T.StickBreakingTransform()])
s = td.sample((3,))
print("stick td", td.batch_shape, td.event_shape, s, td.log_prob(s))
sp = TransformedDistribution(Uniform(torch.zeros(3), torch.ones(3)), [T.SoftplusTransform()])
print("softplus td", sp.sample((2,)), sp.log_prob(torch.tensor([0.8, 1.0, 1.2])))
cd = TransformedDistribution(Normal(torch.zeros(3), torch.ones(3)), T.CumulativeDistributionTransform(Normal(0.0, 1.0)))
print("cdf td", cd.sample((2,)), cd.log_prob(torch.tensor([0.2, 0.5, 0.9])))
rd = TransformedDistribution(Normal(torch.zeros(6), torch.ones(6)), [T.ReshapeTransform((6,), (2, 3))])
print("reshape td", rd.batch_shape, rd.event_shape, rd.log_prob(torch.ones(2, 3)))
for bad in [lambda: T.ReshapeTransform((2, 3), (4,)), lambda: T.ReshapeTransform((2,), (2,)).forward_shape((3,)),
            lambda: T.StickBreakingTransform().forward_shape(()),
            lambda: T.CorrCholeskyTransform().forward_shape((4,)), lambda: vec_to_tril_matrix(torch.ones(4)),
            lambda: vec_to_tril_matrix(torch.ones(5))]:
    try:
        bad()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__ + ":", e)
