# RandomState's samplers beyond the uniform and the normal (numpy's legacy streams): many draws
# at full precision per sampler, on every branch of its algorithm, size=None / shapes /
# broadcast parameters, and numpy's messages for bad parameters.
import numpy as np


def show(name, x):
    print(name, repr(x) if not isinstance(x, np.ndarray) else (x.dtype, x.shape, x.tolist()))


np.random.seed(12345)
show("standard_exponential", np.random.standard_exponential(6))
show("exponential", np.random.exponential(2.5, 5))
show("exponential()", np.random.exponential())
show("exponential broadcast", np.random.exponential([[1.0], [10.0]], size=(2, 3)))
show("standard_gamma <1", np.random.standard_gamma(0.3, 8))
show("standard_gamma 1", np.random.standard_gamma(1.0, 3))
show("standard_gamma >1", np.random.standard_gamma(4.5, 8))
show("standard_gamma 0", np.random.standard_gamma(0.0, 2))
show("gamma", np.random.gamma(2.0, 3.0, 6))
show("gamma broadcast", np.random.gamma([0.5, 1.0, 7.0], [[1.0], [2.0]]))
show("gamma()", np.random.gamma(3))
show("beta johnk", np.random.beta(0.5, 0.7, 8))
show("beta tiny", np.random.beta(1e-3, 1e-3, 6))
show("beta gammas", np.random.beta(2.0, 5.0, 6))
show("chisquare", np.random.chisquare(3.0, 6))
show("chisquare small", np.random.chisquare(0.5, 4))
show("f", np.random.f(3.0, 7.0, 5))
show("standard_t", np.random.standard_t(5.0, 6))
show("standard_t()", np.random.standard_t(1.5))
show("standard_cauchy", np.random.standard_cauchy(6))
show("lognormal", np.random.lognormal(0.5, 0.25, 6))
show("lognormal()", np.random.lognormal())
show("laplace", np.random.laplace(1.0, 2.0, 6))
show("logistic", np.random.logistic(-1.0, 0.5, 6))
show("gumbel", np.random.gumbel(0.0, 1.5, 6))
show("wald", np.random.wald(1.5, 2.0, 6))
show("noncentral_chisquare", np.random.noncentral_chisquare([3.0, 0.5, 2.0], [2.0, 4.0, 0.0], size=(2, 3)))
show("noncentral_f", np.random.noncentral_f(3.0, 7.0, [0.5, 6.0], size=(3, 2)))
show("vonmises", np.random.vonmises(0.5, [1e-9, 3e-6, 0.8, 4.0, 250.0, 2e6], size=(3, 6)))
show("pareto", np.random.pareto(3.0, 6))
show("weibull", np.random.weibull(1.5, 6))
show("weibull 0", np.random.weibull(0.0, 2))
show("power", np.random.power(2.5, 6))
show("rayleigh", np.random.rayleigh(2.0, 6))
show("triangular", np.random.triangular(-1.0, 0.5, 2.0, 6))
show("triangular broadcast", np.random.triangular([0.0, 1.0], [0.5, 1.0], 3.0))
show("uniform", np.random.uniform([0, 10], [[1], [20]]))

np.random.seed(2024)
show("binomial inversion", np.random.binomial(10, 0.3, 12))
show("binomial p>.5", np.random.binomial(20, 0.9, 12))
show("binomial btpe", np.random.binomial(1000, 0.4, 12))
show("binomial btpe p>.5", np.random.binomial(5000, 0.75, 12))
show("binomial btpe far", np.random.binomial(10**6, 0.01, 8))
show("binomial edges", np.random.binomial([0, 5, 5, 7], [0.5, 0.0, 1.0, 0.5]))
show("binomial()", np.random.binomial(100, 0.5))
show("binomial broadcast", np.random.binomial([[10], [200]], [0.1, 0.5, 0.9]))
show("poisson mult", np.random.poisson(3.5, 12))
show("poisson ptrs", np.random.poisson(250.0, 12))
show("poisson big", np.random.poisson(1e7, 4))
show("poisson 0", np.random.poisson(0.0, 3))
show("poisson()", np.random.poisson())
show("poisson broadcast", np.random.poisson([1.0, 50.0], size=(3, 2)))
show("geometric search", np.random.geometric(0.6, 12))
show("geometric inversion", np.random.geometric(0.05, 12))
show("geometric()", np.random.geometric(0.5))
show("negative_binomial", np.random.negative_binomial(5, 0.3, 10))
show("negative_binomial real n", np.random.negative_binomial(2.5, 0.02, 6))
show("zipf", np.random.zipf(2.0, 10))
show("logseries", np.random.logseries(0.9, 10))
show("hypergeometric hyp", np.random.hypergeometric(10, 5, 8, 10))
show("hypergeometric hrua", np.random.hypergeometric(100, 300, 120, 10))
show("hypergeometric hrua good>bad", np.random.hypergeometric(700, 200, 600, 8))
show("hypergeometric()", np.random.hypergeometric(15, 15, 15))
show("hypergeometric broadcast", np.random.hypergeometric([5, 50], 30, [[3], [20]]))
show("multinomial", np.random.multinomial(20, [0.2, 0.3, 0.5], size=4))
show("multinomial()", np.random.multinomial(1000, [1 / 6.0] * 6))
show("multinomial short p", np.random.multinomial(10, [0.5, 0.6]))
show("multinomial zeros", np.random.multinomial(0, [0.5, 0.5], size=2))
show("dirichlet", np.random.dirichlet([0.5, 1.0, 3.0], size=3))
show("dirichlet()", np.random.dirichlet((10, 5, 3)))
weights = np.arange(1, 201) ** 2.0
show("choice weighted without replacement", [np.random.choice(6, replace=False, p=[0.05, 0.3, 0.1, 0.25, 0.0, 0.3]),
                                             np.random.choice(6, 5, replace=False, p=[0.05, 0.3, 0.1, 0.25, 0.0, 0.3]).tolist(),
                                             np.random.choice(200, 150, replace=False, p=weights / weights.sum()).tolist()])
show("bytes", np.random.bytes(10))
show("randint small dtypes", [np.random.randint(0, 256, 9, dtype=np.uint8).tolist(), np.random.randint(-100, 100, 9, dtype=np.int8).tolist(),
                              np.random.randint(0, 2, 40, dtype=bool).tolist(), np.random.randint(-3, 3000, 5, dtype=np.int16).tolist(),
                              np.random.randint(0, 65536, 5, dtype=np.uint16).tolist(), np.random.randint(0, 2, dtype=bool),
                              np.random.randint(7, dtype=np.uint8), np.random.randint(0, 2, dtype=np.bool_)])
show("randint array bounds", [np.random.randint([0, 1], [[5], [6]]).tolist(), np.random.randint(0, [5, 10, 2**40]).tolist(),
                              np.random.randint([0, 0, 3], [256, 1, 7], size=(2, 3), dtype=np.uint8).tolist(),
                              np.random.randint(0, [2, 1, 2, 2], dtype=bool).tolist(), np.random.randint([0, 1.5], [5, 6]).tolist()])
print(repr(np.random.randint(0, 256, size=(2, 3), dtype=np.uint8)), repr(np.random.randint(0, 2, 4, dtype=bool)))
print(repr(np.random.exponential(size=(2, 2))), repr(np.random.poisson(4, (2, 3))), repr(np.random.binomial(5, 0.5, size=())))
print(repr(np.random.exponential(size=0)), repr(np.random.poisson(2, 0)))

rs = np.random.RandomState(7)
show("RandomState mix", [rs.gamma(0.9), rs.poisson(12.0), rs.binomial(40, 0.6), rs.beta(0.3, 0.4), rs.exponential(3),
                         rs.standard_normal(), rs.laplace(), rs.geometric(0.2), rs.chisquare(2)])

np.random.seed([1, 2, 3])
print(np.random.random(), np.random.RandomState(np.arange(700)).standard_normal(), np.random.RandomState((5,)).randint(1000))
state = np.random.get_state()
print(state[0], state[1].dtype, state[1].shape, state[1][:3], state[2:])
first = np.random.standard_normal(3)
np.random.set_state(state)
print(np.random.standard_normal(3).tolist() == first.tolist(), sorted(np.random.get_state(legacy=False)))
rs.set_state(np.random.get_state(legacy=False))
print(rs.standard_normal(), np.random.standard_normal())
print(repr(rs.tomaxint()), rs.tomaxint(3).tolist(), repr(np.random.random_integers(5)),
      repr(np.random.random_integers(-3, 3, size=4)))

# a long stream: every acceptance branch many times, then where the two generators' streams stand
np.random.seed(99)
g = np.random.standard_gamma(0.7, 3000)
b = np.random.binomial(300, 0.35, 3000)
p = np.random.poisson(30.0, 3000)
h = np.random.hypergeometric(60, 40, 50, 1000)
print(repr(g.sum()), g.tolist()[-3:], int(b.sum()), b.tolist()[-5:], int(p.sum()), p.tolist()[-5:], int(h.sum()), h.tolist()[-5:])
print(np.random.random())

for bad in ("np.random.exponential(-1.0)", "np.random.exponential(-0.0)", "np.random.exponential([1.0, -2.0])",
            "np.random.exponential([1.0, 2.0], size=3)", "np.random.exponential([[1.0], [2.0]], size=2)",
            "np.random.normal([1.0, 2.0], [1.0, 2.0, 3.0])", "np.random.gamma(-1.0)", "np.random.gamma(1.0, -1.0)",
            "np.random.beta(0.0, 1.0)", "np.random.beta(1.0, [1.0, -1.0])", "np.random.chisquare(0)", "np.random.standard_t(-1)",
            "np.random.binomial(10, 1.5)", "np.random.binomial([10], [1.5])", "np.random.binomial(-1, 0.5)",
            "np.random.binomial([10, -1], 0.5)", "np.random.binomial(5, float('nan'))", "np.random.poisson(-1)",
            "np.random.poisson([-1.0])", "np.random.poisson(1e19)", "np.random.poisson([float('nan')])",
            "np.random.geometric(0)", "np.random.geometric([1.5])", "np.random.negative_binomial(0, 0.5)",
            "np.random.negative_binomial(1, 1.5)", "np.random.hypergeometric(5, 5, 11)", "np.random.hypergeometric(-1, 5, 1)",
            "np.random.hypergeometric(5, -5, 0)", "np.random.hypergeometric(5, 5, 0)", "np.random.hypergeometric([5], [5], [0])",
            "np.random.hypergeometric([5, 1], 5, 7)", "np.random.multinomial(5, [0.5, 0.7, 0.1])",
            "np.random.multinomial(5, [-0.5, 0.6])", "np.random.multinomial(-1, [0.5, 0.5])", "np.random.multinomial(5, 0.5)",
            "np.random.dirichlet([0.0, 1.0])", "np.random.triangular(1, 0, 2)", "np.random.triangular(0, 3, 2)",
            "np.random.triangular(0, 0, 0)", "np.random.triangular([0, 1], [1, 0.5], 2)", "np.random.pareto(0)",
            "np.random.weibull(-1)", "np.random.power(0)", "np.random.rayleigh(-1)", "np.random.lognormal(0, -1)",
            "np.random.laplace(0, -1)", "np.random.logistic(0, -1)", "np.random.zipf(1.0)", "np.random.logseries(1.0)",
            "np.random.wald(0, 1)", "np.random.randint(300, dtype=np.uint8)", "np.random.randint(-1, 3, dtype=np.uint8)",
            "np.random.randint(5, 5, dtype=np.int8)", "np.random.randint(3, dtype=bool)", "np.random.randint(0)", "np.random.exponential(size=-1)", "np.random.exponential(size=2.0)", "np.random.choice(3, 4, replace=False)",
            "np.random.choice(6, 6, replace=False, p=[0.05, 0.3, 0.1, 0.25, 0.0, 0.3])",
            "np.random.randint([1, 0], [0, 5])", "np.random.randint([0, 0], [0, 5])", "np.random.randint([0, 1], [5, 6], size=3)",
            "np.random.randint([-1, 1], [5, 6], dtype=np.uint8)", "np.random.vonmises(0, -1)", "np.random.noncentral_chisquare(0, 1)",
            "np.random.noncentral_f(1, 1, -1)", "np.random.set_state(('PCG64', [], 0))", "np.random.set_state(3)", "np.random.seed([])", "np.random.seed([-1])", "np.random.seed([[1, 2]])",
            "np.random.seed(2**32)", "np.random.f(1, 0)", "np.random.uniform(0, float('inf'))"):
    try:
        print(bad, eval(bad))
    except (ValueError, TypeError, OverflowError) as error:
        print(bad, type(error).__name__, error)
