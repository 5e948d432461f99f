# Source: Dive into Deep Learning (d2l.ai), chapter_appendix-mathematics-for-deep-learning/distributions.md,
#   PyTorch tab (https://github.com/d2l-ai/d2l-en). Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: the plots are replaced by printing the values they show (pmfs, cdfs at a few points);
#   seeded for a reproducible output.
import torch

torch.manual_seed(0)
torch.pi = torch.acos(torch.zeros(1)) * 2  # Define pi in torch

# Bernoulli
p = 0.3
print(1*(torch.rand(10, 10) < p))

# Discrete uniform
n = 5
print(torch.randint(1, n, size=(10, 10)))

# Continuous uniform
a, b = 1, 3
print((b - a) * torch.rand(10, 10) + a)

# Binomial
n, p = 10, 0.2


# Compute binomial coefficient
def binom(n, k):
    comb = 1
    for i in range(min(k, n - k)):
        comb = comb * (n - i) // (i + 1)
    return comb


pmf = torch.tensor([p**i * (1-p)**(n - i) * binom(n, i) for i in range(n + 1)])
print(pmf)
x = torch.arange(-1, 11, 0.01)
cmf = torch.cumsum(pmf, dim=0)


def F(x):
    return 0 if x < 0 else 1 if x > n else cmf[int(x)]


print([float(F(y)) for y in (-0.5, 0, 2.5, 9.99, 11)])
print(n*p, n*p*(1 - p))
m = torch.distributions.binomial.Binomial(n, p)
print(m.sample(sample_shape=(10, 10)))

# Poisson
lam = 5.0
xs = [i for i in range(20)]
pmf = torch.tensor([torch.exp(torch.tensor(-lam)) * lam**k / factorial for k, factorial in
                    zip(xs, [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600,
                             6227020800, 87178291200, 1307674368000, 20922789888000, 355687428096000,
                             6402373705728000, 121645100408832000])])
print(pmf[:8])
m = torch.distributions.poisson.Poisson(lam)
print(m.sample((10, 10)))

# Gaussian
p = 0.2
ns = [1, 10, 100, 1000]
for n in ns:
    m = torch.distributions.binomial.Binomial(n, p)
    print(n, m.mean, m.variance, m.sample((5,)))

mu, sigma = 0, 1
x = torch.arange(-3, 3, 0.01)
p = 1 / torch.sqrt(2 * torch.pi * sigma**2) * torch.exp(-(x - mu)**2 / (2 * sigma**2))
print(p[::100])
print(torch.normal(mu, sigma, size=(10, 10)))

# Exponential family: the standard normal as a natural parameter vector
m = torch.distributions.normal.Normal(torch.tensor([0.0]), torch.tensor([1.0]))
print(m.log_prob(torch.tensor([0.5, 1.0, 2.0])), m.entropy())
