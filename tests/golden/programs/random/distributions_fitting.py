# Fitting with the new distributions as a learner would: a two-component Gaussian mixture
# (MixtureSameFamily) by Adam, a low-rank Gaussian by SGD, and the parameter gradients of the
# VonMises, Weibull and NegativeBinomial log-likelihoods. Losses are printed in full.
import torch
from torch.distributions import Categorical, MixtureSameFamily, Normal, Independent, LowRankMultivariateNormal, VonMises, Weibull, NegativeBinomial
torch.manual_seed(0)
data = torch.cat([torch.randn(60) * 0.5 - 2.0, torch.randn(40) * 1.0 + 1.5])
logits = torch.zeros(2, requires_grad=True)
means = torch.tensor([-0.5, 0.5], requires_grad=True)
log_scales = torch.zeros(2, requires_grad=True)
opt = torch.optim.Adam([logits, means, log_scales], lr=0.05)
for step in range(60):
    gmm = MixtureSameFamily(Categorical(logits=logits), Normal(means, log_scales.exp()))
    loss = -gmm.log_prob(data).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    if step % 20 == 0:
        print(step, loss.item())
print(logits.softmax(-1), means, log_scales.exp())
# low-rank Gaussian fit
x = torch.randn(50, 3) @ torch.tensor([[1.0, 0.5, 0.0], [0.0, 1.0, 0.3], [0.0, 0.0, 0.5]])
W = torch.full((3, 1), 0.1, requires_grad=True); d = torch.zeros(3, requires_grad=True); mu = torch.zeros(3, requires_grad=True)
opt = torch.optim.SGD([W, d, mu], lr=0.05)
for step in range(30):
    loss = -LowRankMultivariateNormal(mu, W, d.exp()).log_prob(x).mean()
    opt.zero_grad(); loss.backward(); opt.step()
print("lowrank", loss.item(), W, d)
k = torch.tensor([1.0], requires_grad=True)
ll = VonMises(torch.tensor([0.3]), k).log_prob(torch.tensor([0.1, 0.5, -0.2])).sum(); ll.backward(); print("vm grad", k.grad)
c = torch.tensor([2.0], requires_grad=True)
ll = Weibull(torch.tensor([1.0]), c).log_prob(torch.tensor([0.5, 1.5])).sum(); ll.backward(); print("weibull grad", c.grad)
r = torch.tensor([3.0], requires_grad=True)
ll = NegativeBinomial(r, logits=torch.tensor([0.2])).log_prob(torch.tensor([0.0, 4.0, 7.0])).sum(); ll.backward(); print("nb grad", r.grad)
