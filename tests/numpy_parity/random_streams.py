"""Many parameters per sampler, random ones, each drawn from a fresh generator: RandomState's and
Generator's streams on every branch of their algorithms. Prints one line per (sampler, parameters):
the draws at full precision and where the stream stands after them. tests/test_numpy_random_streams.py
runs it under real numpy and under the browser's numpy in CPython (glibc's libm, numpy's own)."""
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
