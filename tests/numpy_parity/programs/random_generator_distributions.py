# Generator's samplers beyond random, integers, the normal and the exponential (numpy's
# distributions over PCG64 and the ziggurats): many draws at full precision per sampler, on every
# branch of its algorithm, size=None / shapes / broadcast parameters, and numpy's messages for bad
# parameters.
import numpy as np


def show(name, x):
    print(name, repr(x) if not isinstance(x, np.ndarray) else (x.dtype, x.shape, x.tolist()))


rng = np.random.default_rng(12345)
show("standard_exponential", rng.standard_exponential(6))
show("exponential", rng.exponential(2.5, 5))
show("exponential()", rng.exponential())
show("exponential broadcast", rng.exponential([[1.0], [10.0]], size=(2, 3)))
show("standard_gamma <1", rng.standard_gamma(0.3, 8))
show("standard_gamma 1", rng.standard_gamma(1.0, 3))
show("standard_gamma >1", rng.standard_gamma(4.5, 8))
show("standard_gamma 0", rng.standard_gamma(0.0, 2))
show("gamma", rng.gamma(2.0, 3.0, 6))
show("gamma broadcast", rng.gamma([0.5, 1.0, 7.0], [[1.0], [2.0]]))
show("gamma()", rng.gamma(3))
show("beta johnk", rng.beta(0.5, 0.7, 8))
show("beta tiny", rng.beta(1e-3, 1e-3, 6))
show("beta gammas", rng.beta(2.0, 5.0, 6))
show("chisquare", rng.chisquare(3.0, 6))
show("chisquare small", rng.chisquare(0.5, 4))
show("f", rng.f(3.0, 7.0, 5))
show("standard_t", rng.standard_t(5.0, 6))
show("standard_t()", rng.standard_t(1.5))
show("standard_cauchy", rng.standard_cauchy(6))
show("lognormal", rng.lognormal(0.5, 0.25, 6))
show("lognormal()", rng.lognormal())
show("laplace", rng.laplace(1.0, 2.0, 6))
show("logistic", rng.logistic(-1.0, 0.5, 6))
show("gumbel", rng.gumbel(0.0, 1.5, 6))
show("wald", rng.wald(1.5, 2.0, 6))
show("noncentral_chisquare", rng.noncentral_chisquare([3.0, 0.5, 2.0], [2.0, 4.0, 0.0], size=(2, 3)))
show("noncentral_f", rng.noncentral_f(3.0, 7.0, [0.5, 6.0], size=(3, 2)))
show("vonmises", rng.vonmises(0.5, [1e-9, 3e-6, 0.8, 4.0, 250.0, 2e6], size=(3, 6)))
show("pareto", rng.pareto(3.0, 6))
show("weibull", rng.weibull(1.5, 6))
show("weibull 0", rng.weibull(0.0, 2))
show("power", rng.power(2.5, 6))
show("rayleigh", rng.rayleigh(2.0, 6))
show("triangular", rng.triangular(-1.0, 0.5, 2.0, 6))
show("triangular broadcast", rng.triangular([0.0, 1.0], [0.5, 1.0], 3.0))
show("uniform", rng.uniform([0, 10], [[11], [20]]))

rng = np.random.default_rng(2024)
show("binomial inversion", rng.binomial(10, 0.3, 12))
show("binomial p>.5", rng.binomial(20, 0.9, 12))
show("binomial btpe", rng.binomial(1000, 0.4, 12))
show("binomial btpe p>.5", rng.binomial(5000, 0.75, 12))
show("binomial btpe far", rng.binomial(10**6, 0.01, 8))
show("binomial edges", rng.binomial([0, 5, 5, 7], [0.5, 0.0, 1.0, 0.5]))
show("binomial()", rng.binomial(100, 0.5))
show("binomial broadcast", rng.binomial([[10], [200]], [0.1, 0.5, 0.9]))
show("poisson mult", rng.poisson(3.5, 12))
show("poisson ptrs", rng.poisson(250.0, 12))
show("poisson big", rng.poisson(1e7, 4))
show("poisson 0", rng.poisson(0.0, 3))
show("poisson()", rng.poisson())
show("poisson broadcast", rng.poisson([1.0, 50.0], size=(3, 2)))
show("geometric search", rng.geometric(0.6, 12))
show("geometric inversion", rng.geometric(0.05, 12))
show("geometric()", rng.geometric(0.5))
show("negative_binomial", rng.negative_binomial(5, 0.3, 10))
show("negative_binomial real n", rng.negative_binomial(2.5, 0.02, 6))
show("zipf", rng.zipf(2.0, 10))
show("logseries", rng.logseries(0.9, 10))
show("hypergeometric hyp", rng.hypergeometric(10, 5, 8, 10))
show("hypergeometric hrua", rng.hypergeometric(100, 300, 120, 10))
show("hypergeometric hrua good>bad", rng.hypergeometric(700, 200, 600, 8))
show("hypergeometric()", rng.hypergeometric(15, 15, 15))
show("hypergeometric broadcast", rng.hypergeometric([5, 50], 30, [[3], [20]]))
show("multinomial", rng.multinomial(20, [0.2, 0.3, 0.5], size=4))
show("multinomial()", rng.multinomial(1000, [1 / 6.0] * 6))
show("multinomial short p", rng.multinomial(10, [0.5, 0.6]))
show("multinomial zeros", rng.multinomial(0, [0.5, 0.5], size=2))
grid = np.arange(24).reshape(3, 8)
show("permuted", [rng.permuted(grid, axis=1).tolist(), rng.permuted(grid.reshape(2, 3, 4), axis=-2).tolist(), rng.permuted(grid).tolist(),
                  grid.tolist()])
children = rng.spawn(2)
show("spawn", [child.random() for child in children] + [str(children[0]), rng.random()])
show("multivariate_hypergeometric", [rng.multivariate_hypergeometric([3, 5, 7], 6).tolist(),
                                     rng.multivariate_hypergeometric([30, 50, 70, 20], 120, size=(2, 2)).tolist(),
                                     rng.multivariate_hypergeometric([10, 0, 4, 9], 5, size=3, method="count").tolist()])
show("multinomial broadcast", [rng.multinomial([10, 20], [0.2, 0.3, 0.5]).tolist(),
                              rng.multinomial([[5], [50], [500]], [[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]]).tolist(),
                              rng.multinomial([5, 6], [[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]], size=(3, 2)).tolist()])
show("dirichlet", rng.dirichlet([0.5, 1.0, 3.0], size=3))
show("dirichlet()", rng.dirichlet((10, 5, 3)))
weights = np.arange(1, 201) ** 2.0
show("choice weighted without replacement", [rng.choice(6, replace=False, p=[0.05, 0.3, 0.1, 0.25, 0.0, 0.3]),
                                             rng.choice(6, 5, replace=False, p=[0.05, 0.3, 0.1, 0.25, 0.0, 0.3]).tolist(),
                                             rng.choice(200, 150, replace=False, p=weights / weights.sum()).tolist()])
show("bytes", rng.bytes(10))
show("integers small dtypes", [rng.integers(0, 256, 9, dtype=np.uint8).tolist(), rng.integers(-100, 100, 9, dtype=np.int8).tolist(),
                               rng.integers(0, 2, 40, dtype=bool).tolist(), rng.integers(-3, 3000, 5, dtype=np.int16).tolist(),
                               rng.integers(0, 65535, 5, dtype=np.uint16, endpoint=True).tolist(), rng.integers(0, 2, dtype=bool),
                               rng.integers(7, dtype=np.uint8), rng.integers(0, 1, dtype=np.bool_, endpoint=True), rng.integers(5, dtype=int),
                               rng.integers(0, 9.7)])
show("integers array bounds", [rng.integers([0, 1], [[5], [6]]).tolist(), rng.integers(0, [5, 10, 2**40]).tolist(),
                               rng.integers([0, 0, 3], [255, 1, 7], size=(2, 3), dtype=np.uint8, endpoint=True).tolist(),
                               rng.integers(0, [2, 1, 2, 2], dtype=bool).tolist(), rng.integers([-5, 0], [5, 256], dtype=np.int16).tolist()])
print(repr(rng.integers(0, 256, size=(2, 3), dtype=np.uint8)), repr(rng.integers(0, 2, 4, dtype=bool)))
show("beta below 3e-103", rng.beta(1e-104, 2e-104, 6))
show("dirichlet small alpha", rng.dirichlet([0.05, 0.01, 0.08], size=3))
show("dirichlet zero alpha", rng.dirichlet([0.05, 0.0, 0.0]))
show("hypergeometric one by one", rng.hypergeometric(20, 30, [3, 45], size=(3, 2)))
show("uniform", rng.uniform(2.0, 5.0, 3))
print(repr(rng.exponential(size=(2, 2))), repr(rng.poisson(4, (2, 3))), repr(rng.binomial(5, 0.5, size=())))
print(repr(rng.exponential(size=0)), repr(rng.poisson(2, 0)))

rs = np.random.default_rng(7)
show("RandomState mix", [rs.gamma(0.9), rs.poisson(12.0), rs.binomial(40, 0.6), rs.beta(0.3, 0.4), rs.exponential(3),
                         rs.standard_normal(), rs.laplace(), rs.geometric(0.2), rs.chisquare(2)])

# a long stream: every acceptance branch many times, then where the two generators' streams stand
rng = np.random.default_rng(99)
g = rng.standard_gamma(0.7, 3000)
b = rng.binomial(300, 0.35, 3000)
p = rng.poisson(30.0, 3000)
h = rng.hypergeometric(60, 40, 50, 1000)
print(repr(g.sum()), g.tolist()[-3:], int(b.sum()), b.tolist()[-5:], int(p.sum()), p.tolist()[-5:], int(h.sum()), h.tolist()[-5:])
print(rng.random())

for bad in ("rng.exponential(-1.0)", "rng.exponential(-0.0)", "rng.exponential([1.0, -2.0])",
            "rng.exponential([1.0, 2.0], size=3)", "rng.exponential([[1.0], [2.0]], size=2)",
            "rng.normal([1.0, 2.0], [1.0, 2.0, 3.0])", "rng.gamma(-1.0)", "rng.gamma(1.0, -1.0)",
            "rng.beta(0.0, 1.0)", "rng.beta(1.0, [1.0, -1.0])", "rng.chisquare(0)", "rng.standard_t(-1)",
            "rng.binomial(10, 1.5)", "rng.binomial([10], [1.5])", "rng.binomial(-1, 0.5)",
            "rng.binomial([10, -1], 0.5)", "rng.binomial(5, float('nan'))", "rng.poisson(-1)",
            "rng.poisson([-1.0])", "rng.poisson(1e19)", "rng.poisson([float('nan')])",
            "rng.geometric(0)", "rng.geometric([1.5])", "rng.negative_binomial(0, 0.5)",
            "rng.negative_binomial(1, 1.5)", "rng.hypergeometric(5, 5, 11)", "rng.hypergeometric(-1, 5, 1)",
            "rng.hypergeometric(5, -5, 0)", "rng.hypergeometric(5, 5, 0)", "rng.hypergeometric([5], [5], [0])",
            "rng.hypergeometric([5, 1], 5, 7)", "rng.multinomial(5, [0.5, 0.7, 0.1])",
            "rng.multinomial(5, [-0.5, 0.6])", "rng.multinomial(-1, [0.5, 0.5])", "rng.multinomial(5, 0.5)",
            "rng.dirichlet([0.0, 1.0])", "rng.triangular(1, 0, 2)", "rng.triangular(0, 3, 2)",
            "rng.triangular(0, 0, 0)", "rng.triangular([0, 1], [1, 0.5], 2)", "rng.pareto(0)",
            "rng.weibull(-1)", "rng.power(0)", "rng.rayleigh(-1)", "rng.lognormal(0, -1)",
            "rng.laplace(0, -1)", "rng.logistic(0, -1)", "rng.zipf(1.0)", "rng.logseries(1.0)",
            "rng.wald(0, 1)", "rng.integers(300, dtype=np.uint8)", "rng.integers(-1, 3, dtype=np.uint8)",
            "rng.integers(5, 4, dtype=np.int8, endpoint=True)", "rng.integers(3, dtype=bool)", "rng.integers(0)", "rng.multivariate_hypergeometric([3, 5], 9)", "rng.multivariate_hypergeometric([3, -5], 1)", "rng.multinomial([5, 6], [[0.2, 0.8], [0.5, 0.5]], size=3)",
            "rng.multinomial([5, 6], [[0.2, 0.8]], size=(1, 2))", "rng.multinomial(5, [[0.7, 0.6, 0.1]])", "rng.choice(6, 6, replace=False, p=[0.05, 0.3, 0.1, 0.25, 0.0, 0.3])", "rng.integers(0, -1, endpoint=True)",
            "rng.integers([1, 0], [0, 5])", "rng.integers([0, 1], [5, 6], size=3)", "rng.integers(3, dtype=float)", "rng.f(1, 0)", "rng.uniform(0, float('inf'))",
            "rng.uniform(1.0, 0.0)", "rng.uniform([0.0], [float('inf')])", "rng.negative_binomial(float('nan'), 0.5)",
            "rng.negative_binomial(1e20, 1e-5)", "rng.negative_binomial(1, 0)", "rng.hypergeometric(10**9, 1, 1)",
            "rng.multinomial(5, [])", "rng.multinomial(5, 0.5)", "rng.dirichlet([-1.0, 1.0])", "rng.standard_gamma(-1)"):
    try:
        print(bad, eval(bad))
    except (ValueError, TypeError, OverflowError) as error:
        print(bad, type(error).__name__, error)
