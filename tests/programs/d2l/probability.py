# Source: Dive into Deep Learning (d2l.ai), chapter_preliminaries/probability.md, PyTorch tab
#   (https://github.com/d2l-ai/d2l-en). Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: torch and Python's random are seeded for a reproducible output; the d2l plot of the
#   running estimates is replaced by printing some of them.
import random
import torch
from torch.distributions.multinomial import Multinomial

torch.manual_seed(0)
random.seed(0)

num_tosses = 100
heads = sum([random.random() > 0.5 for _ in range(num_tosses)])
tails = num_tosses - heads
print("heads, tails: ", [heads, tails])

fair_probs = torch.tensor([0.5, 0.5])
print(Multinomial(100, fair_probs).sample())

print(Multinomial(100, fair_probs).sample() / 100)

counts = Multinomial(10000, fair_probs).sample()
print(counts / 10000)

counts = Multinomial(1, fair_probs).sample((10000,))
cum_counts = counts.cumsum(dim=0)
estimates = cum_counts / cum_counts.sum(dim=1, keepdims=True)
print(estimates[[0, 9, 99, 999, 9999]])

fair_probs = torch.ones([6]) / 6
print(Multinomial(1, fair_probs).sample())
print(Multinomial(10, fair_probs).sample())
counts = Multinomial(1000, fair_probs).sample()
print(counts / 1000)
