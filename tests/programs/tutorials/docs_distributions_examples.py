# Source: PyTorch documentation, torch.distributions (docs/source/distributions.rst and the class
#   docstrings' examples, https://github.com/pytorch/pytorch). Licence: BSD-3-Clause.
# Changed: the score-function (REINFORCE) and pathwise examples get a small policy network, state and
#   reward (the docs leave them abstract); seeded (the docs show unseeded draws).
import torch
from torch import nn
from torch.distributions import (Bernoulli, Beta, Categorical, Exponential, Gamma, Normal, OneHotCategorical,
                                 Poisson)

torch.manual_seed(0)

policy_network = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3), nn.Softmax(dim=-1))
state = torch.rand(2, 4)
reward = torch.tensor([1.0, -0.5])

probs = policy_network(state)
# Note that this is equivalent to what used to be called multinomial
m = Categorical(probs)
action = m.sample()
loss = -m.log_prob(action) * reward
loss.sum().backward()
print(action, loss)
print(policy_network[2].bias.grad)

params = torch.tensor([0.5, 1.0], requires_grad=True)
m = Normal(*params)
action = m.rsample()
next_reward = -(action - 2.0) ** 2
next_reward.backward()
print(action, params.grad)

m = Bernoulli(torch.tensor([0.3]))
print(m.sample())  # 30% chance 1; 70% chance 0
m = Beta(torch.tensor([0.5]), torch.tensor([0.5]))
print(m.sample())  # Beta distributed with concentration concentration1 and concentration0
m = Categorical(torch.tensor([0.25, 0.25, 0.25, 0.25]))
print(m.sample())  # equal probability of 0, 1, 2, 3
m = Exponential(torch.tensor([1.0]))
print(m.sample())  # Exponential distributed with rate=1
m = Gamma(torch.tensor([1.0]), torch.tensor([1.0]))
print(m.sample())  # Gamma distributed with concentration=1 and rate=1
m = Normal(torch.tensor([0.0]), torch.tensor([1.0]))
print(m.sample())  # normally distributed with loc=0 and scale=1
m = OneHotCategorical(torch.tensor([0.25, 0.25, 0.25, 0.25]))
print(m.sample())  # equal probability of 0, 1, 2, 3
m = Poisson(torch.tensor([4.0]))  # the docs write tensor([4]): "poisson_cpu" is not implemented for Long
print(m.sample())
