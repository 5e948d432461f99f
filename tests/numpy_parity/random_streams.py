"""Many parameters per sampler, random ones, each drawn from a fresh generator: RandomState's and
Generator's streams on every branch of their algorithms; then every combination of edge values
(NaN, inf, 0, the tiniest and largest doubles) for each sampler's parameters, where numpy's C
arithmetic (casts of inf to long, divisions by zero, a long product that wraps) decides the draws
or the error. Prints one line per (sampler, parameters): the draws at full precision and where the
stream stands after them, or the error. tests/test_numpy_random_streams.py
runs it under real numpy and under the browser's numpy in CPython (glibc's libm, numpy's own)."""
import itertools

import numpy as np

R = np.random.RandomState(1)


def u(scale=1.0, offset=0.0):
    return float(R.random_sample()) * scale + offset


def hypergeometric():
    good, bad = int(R.randint(1, 500)), int(R.randint(1, 500))
    return good, bad, int(R.randint(1, good + bad + 1))


PARAMETERS = {
    "binomial": [lambda: (int(R.randint(0, 5000)), u()), lambda: (int(R.randint(0, 100)), u())],
    "poisson": [lambda: (u(100),), lambda: (u(1e5),)],
    "standard_gamma": [lambda: (u(3),)],
    "beta": [lambda: (u(2), u(2)), lambda: (u(0.01), u(0.01))],
    "hypergeometric": [hypergeometric],
    "geometric": [lambda: (u(1, 1e-9),)],
    "negative_binomial": [lambda: (u(10, 0.01), u(0.98, 0.01))],
    "zipf": [lambda: (u(4, 1.01),)],
    "logseries": [lambda: (u(0.999),)],
    "wald": [lambda: (u(3, 0.01), u(3, 0.01))],
    "standard_t": [lambda: (u(5, 0.01),)],
    "f": [lambda: (u(5, 0.01), u(5, 0.01))],
    "pareto": [lambda: (u(5, 0.01),)],
    "power": [lambda: (u(5, 0.01),)],
    "weibull": [lambda: (u(5),)],
    "rayleigh": [lambda: (u(5),)],
    "lognormal": [lambda: (u(5), u(3))],
    "laplace": [lambda: (u(4, -2), u(3))],
    "logistic": [lambda: (u(4, -2), u(3))],
    "gumbel": [lambda: (u(4, -2), u(3))],
    "triangular": [lambda: (u(1, -1), u(1), u(1, 1))],
    "vonmises": [lambda: (u(6, -3), u(20))],
    "noncentral_chisquare": [lambda: (u(3, 0.01), u(5))],
    "noncentral_f": [lambda: (u(3, 0.01), u(3, 0.01), u(5))],
    "dirichlet": [lambda: ([u(2, 0.001) for _ in range(4)],), lambda: ([u(0.09) for _ in range(4)],)],
    "multinomial": [lambda: (int(R.randint(0, 3000)), [0.1, 0.2, 0.3, 0.15, 0.25])],
}

for make in (np.random.RandomState, np.random.default_rng):
    for name, makers in PARAMETERS.items():
        for params in makers:
            for seed in range(30):
                args = params()
                gen = make(seed)
                print(name, args, getattr(gen, name)(*args, size=20).tolist(), gen.random())

EDGES = (float("nan"), float("inf"), 0.0, 1e-300, 5e-324, 1e300, 1.0, 0.5)
ARITY = {"standard_gamma": 1, "gamma": 2, "beta": 2, "chisquare": 1, "f": 2, "noncentral_chisquare": 2, "noncentral_f": 3,
         "standard_t": 1, "lognormal": 2, "laplace": 2, "logistic": 2, "gumbel": 2, "wald": 2, "vonmises": 2, "pareto": 1,
         "weibull": 1, "power": 1, "rayleigh": 1, "exponential": 1, "normal": 2, "geometric": 1, "logseries": 1, "zipf": 1,
         "negative_binomial": 2, "poisson": 1, "uniform": 2, "triangular": 3, "binomial": 2}
NEVER_ENDS = {"vonmises": lambda mu, kappa: kappa in (float("inf"), 1e300),  # numpy's loops never end on these
              "zipf": lambda a: a in (float("inf"), 1e300)}

for make in (np.random.RandomState, np.random.default_rng):
    for name, arity in ARITY.items():
        for args in itertools.product(EDGES, repeat=arity):
            args = (10, args[1]) if name == "binomial" else args
            if name in NEVER_ENDS and NEVER_ENDS[name](*args):
                continue
            gen = make(0)
            try:
                print(name, args, getattr(gen, name)(*args, size=3).tolist(), gen.random())
            except (ValueError, OverflowError) as error:
                print(name, args, type(error).__name__, error)
