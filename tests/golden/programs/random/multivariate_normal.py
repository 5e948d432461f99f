# golden: tolerance=6sig
import torch
from torch.distributions import MultivariateNormal

torch.manual_seed(0)
cov = torch.tensor([[2.0, 0.6, 0.2], [0.6, 1.0, 0.3], [0.2, 0.3, 0.5]])
mvn = MultivariateNormal(torch.tensor([1.0, -1.0, 0.0]), covariance_matrix=cov)
print(mvn, mvn.batch_shape, mvn.event_shape)
x = mvn.sample((5,))
print(x)
print(mvn.log_prob(x), mvn.entropy(), mvn.variance, mvn.scale_tril)
L = torch.linalg.cholesky(cov)
print(L, torch.linalg.solve_triangular(L, torch.eye(3), upper=False))
mu = torch.zeros(2, requires_grad=True)
tril = torch.tensor([[1.0, 0.0], [0.5, 2.0]], requires_grad=True)
m2 = MultivariateNormal(mu, scale_tril=tril)
y = m2.rsample((4,))
print(y, m2.covariance_matrix)
nll = -m2.log_prob(torch.tensor([[0.5, 1.0], [-1.0, 2.0]])).sum()
nll.backward()
print(nll, mu.grad, tril.grad)
A = torch.tensor([[4.0, 2.0], [2.0, 3.0]], requires_grad=True)
torch.linalg.cholesky(A).sum().backward()
print(A.grad)
batch = MultivariateNormal(torch.zeros(2, 2), torch.eye(2).expand(2, 2, 2))
print(batch.sample(), batch.log_prob(torch.ones(2)), MultivariateNormal(torch.zeros(2), precision_matrix=cov[:2, :2]).covariance_matrix)
for make in (lambda: MultivariateNormal(torch.zeros(2), torch.tensor([[1.0, 2.0], [2.0, 1.0]])),
             lambda: MultivariateNormal(torch.zeros(2)),
             lambda: torch.linalg.cholesky(torch.tensor([[1.0, 2.0], [2.0, 1.0]])),
             lambda: mvn.log_prob(torch.zeros(2))):
    try:
        make()
    except (ValueError, RuntimeError) as err:
        print(type(err).__name__, err)
