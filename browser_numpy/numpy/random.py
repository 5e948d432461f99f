# Partly derived from MT19937 (BSD-3); notices: licenses/mt19937.txt
"""numpy's legacy random API (RandomState, np.random.seed, rand, randn, ...), drawing numpy's
numbers bit for bit: MT19937 seeded as numpy's mt19937_seed (init_by_array for a sequence),
53-bit doubles from two words, the legacy polar Box-Muller gauss with its cached second value,
masked rejection for bounded integers, the Fisher-Yates shuffle over random_interval, and the
distributions of _distributions.py in their legacy variants over these (-log(1 - U) for the
exponential, the polar gauss for the normal)."""
import math
import operator
import os
import warnings

from torch._libm import log as _log  # glibc's log: numpy's reference outputs are glibc's
from torch._random import _init_words, _temper_block, next_block

from . import _distributions as _d, _dtypes as D
from ._core import FLOAT64, INT64, _from_values, _prod, asarray, ndarray, scalar
from ._generator import (PCG64, Generator, SeedSequence, checked_probabilities, default_rng,
                         shuffle_in_place, weighted_sample_without_replacement)

_MASK32 = 0xFFFFFFFF


# choice's errors for p, as RandomState words them (Generator's: _generator.GENERATOR_P_ERRORS)
_P_ERRORS = ("'a' and 'p' must have same size", "probabilities contain NaN", "probabilities are not non-negative",
             "probabilities do not sum to 1")

def _init_by_array(seed):
    """MT19937's init_by_array, numpy's seeding from a sequence of 32-bit words."""
    arr = asarray(seed)
    if arr.size == 0:
        raise ValueError("Seed must be non-empty")
    if arr.dtype.kind not in "biu":
        raise TypeError(f"Cannot cast array data from dtype('{arr.dtype.name}') to dtype('int64') according to the "
                        "rule 'safe'")
    if arr.ndim != 1:
        raise ValueError("Seed array must be 1-d")
    key = [int(v) for v in arr._values()]
    if any(not 0 <= v <= _MASK32 for v in key):
        raise ValueError("Seed must be between 0 and 2**32 - 1")
    mt, n = _init_words(19650218), 624
    i, j = 1, 0
    for _ in range(max(n, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK32
        i, j = i + 1, j + 1
        if i >= n:
            mt[0], i = mt[n - 1], 1
        if j >= len(key):
            j = 0
    for _ in range(n - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= n:
            mt[0], i = mt[n - 1], 1
    mt[0] = 0x80000000
    return mt


@_d.install
class RandomState:
    _legacy = True  # the distributions' variants numpy froze for RandomState

    def __init__(self, seed=None):
        self.seed(seed)

    # -- the generator
    def seed(self, seed=None):
        if seed is None:
            self._mt = _init_words(int.from_bytes(os.urandom(4), "little"))
        else:
            try:
                seed = operator.index(seed.squeeze() if isinstance(seed, ndarray) else seed)
            except TypeError:
                self._mt = _init_by_array(seed)
            else:
                if not 0 <= seed <= _MASK32:
                    raise ValueError("Seed must be between 0 and 2**32 - 1")
                self._mt = _init_words(seed)
        self._block = []
        self._pos = 624
        self._gauss = None

    def _words(self, n):
        out = []
        while n:
            if self._pos >= 624:
                self._mt, self._block = next_block(self._mt)
                self._pos = 0
            take = min(n, 624 - self._pos)
            out += self._block[self._pos:self._pos + take]
            self._pos += take
            n -= take
        return out

    def _uint32(self):
        return self._words(1)[0]

    def _uint64(self):
        hi, lo = self._words(2)
        return (hi << 32) | lo

    def _doubles(self, n):
        w = self._words(2 * n)
        return [((a >> 5) * 67108864.0 + (b >> 6)) / 9007199254740992.0 for a, b in zip(w[0::2], w[1::2])]

    def _gauss_one(self):
        if self._gauss is not None:
            value, self._gauss = self._gauss, None
            return value
        while True:
            a, b = self._doubles(2)
            x1, x2 = 2.0 * a - 1.0, 2.0 * b - 1.0
            r2 = x1 * x1 + x2 * x2
            if r2 < 1.0 and r2 != 0.0:
                break
        f = math.sqrt(-2.0 * _log(r2) / r2)
        self._gauss = f * x1
        return f * x2

    def _double(self):
        pos = self._pos
        if pos < 623:  # the common case without _words' lists
            a, b = self._block[pos], self._block[pos + 1]
            self._pos = pos + 2
        else:
            a, b = self._words(2)
        return ((a >> 5) * 67108864.0 + (b >> 6)) / 9007199254740992.0

    def _std_exp(self):
        return -_d._log(1.0 - self._double())

    _normal = _gauss_one  # the sources _distributions' samplers draw from

    def _interval(self, hi):
        """random_interval: a uniform int in [0, hi], by masked rejection."""
        if hi == 0:
            return 0
        mask = (1 << hi.bit_length()) - 1
        draw = self._uint32 if hi <= _MASK32 else self._uint64
        while True:
            v = draw() & mask
            if v <= hi:
                return v

    def _out(self, values, shape, dt=FLOAT64, python=True):
        """A sampler's result: an array of `shape`, or with size=None one value, a Python float
        or int as numpy's legacy samplers return (a numpy scalar of a dtype asked for)."""
        if shape is None:
            return (bool(values[0]) if dt.kind == "b" else values[0]) if python else scalar(values[0], dt)
        return _from_values(values, shape, dt)

    # -- samplers
    def random_sample(self, size=None):
        shape = _d.size_shape(size)
        return self._out(self._doubles(1 if shape is None else _prod(shape)), shape)

    random = sample = ranf = random_sample

    def rand(self, *shape):
        return self.random_sample(shape if shape else None)

    def standard_normal(self, size=None):
        shape = _d.size_shape(size)
        n = 1 if shape is None else _prod(shape)
        return self._out([self._gauss_one() for _ in range(n)], shape)

    def randn(self, *shape):
        return self.standard_normal(shape if shape else None)

    # normal, exponential, gamma, poisson ...: _distributions.SAMPLERS, installed by _d.install;
    # the distributions whose arguments are their own:
    def uniform(self, low=0.0, high=1.0, size=None):
        return _d.uniform_sample(self, low, high, size)

    def triangular(self, left, mode, right, size=None):
        return _d.triangular_sample(self, left, mode, right, size)

    def binomial(self, n, p, size=None):
        return _d.sample(lambda q, k: _d.binomial(self, k, q, True),
                         ((p, "p", _d.BOUNDED_0_1, False), (n, "n", _d.NON_NEGATIVE_LONG, True)), size, INT64)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        return _d.hypergeometric_sample(
            lambda g, b, n: _d.hypergeometric_legacy(self, g, b, n), ngood, nbad, nsample, size,
            (_d.NON_NEGATIVE_LONG, _d.NON_NEGATIVE, _d.GTE_1))

    def multinomial(self, n, pvals, size=None):
        return _d.multinomial_sample(self, operator.index(n), pvals, size)

    def dirichlet(self, alpha, size=None):
        return _d.dirichlet_sample(self, alpha, size)

    def bytes(self, length):
        words = self._bounded(0, _MASK32, (operator.index(length) - 1) // 4 + 1, D._DTYPES["uint32"])
        return b"".join(w.to_bytes(4, "little") for w in words)[:length]

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        dt = D._as_dtype(dtype)
        if asarray(low).ndim or asarray(high).ndim:
            offsets, ranges, shape = _d.integer_ranges(low, high, size, dt, False)
            if dt.itemsize < 4 or dt.kind == "b":
                values = _d.bounded_small(self._uint32, 1 if dt.kind == "b" else 8 * dt.itemsize, ranges, True)
                return _from_values([o + v for o, v in zip(offsets, values)], shape, dt)
            return _from_values([self._bounded(o, o + r, 1, dt)[0] for o, r in zip(offsets, ranges)], shape, dt)
        low = int(low)  # numpy's int(): float bounds are truncated
        rng = _d.integer_range(low, int(high), dt, False)
        shape = _d.size_shape(size)
        n = 1 if shape is None else _prod(shape)
        values = self._bounded(low, low + rng, n, dt)
        return self._out(values, shape, dt, python=dtype is int or dtype is bool)

    def _bounded(self, low, hi, n, dt):
        """n ints in [low, hi] by masked rejection, from 32-bit words while hi - low fits in one
        (8, 16 and 1 bits of a word for the small dtypes)."""
        rng = hi - low
        if rng == 0:
            return [low] * n
        if dt.itemsize < 4 or dt.kind == "b":
            return [low + v for v in _d.bounded_small(self._uint32, 1 if dt.kind == "b" else 8 * dt.itemsize, [rng] * n,
                                                      True)]
        mask = (1 << rng.bit_length()) - 1
        out = []
        if rng <= _MASK32:
            if rng == _MASK32:
                return [low + w for w in self._words(n)]
            while len(out) < n:
                v = self._uint32() & mask
                if v <= rng:
                    out.append(low + v)
        else:
            while len(out) < n:
                v = self._uint64() & mask
                if v <= rng:
                    out.append(low + v)
        return out

    def random_integers(self, low, high=None, size=None):
        if high is None:
            warnings.warn(f"This function is deprecated. Please call randint(1, {low} + 1) instead", DeprecationWarning,
                          stacklevel=2)
            low, high = 1, low
        else:
            warnings.warn(f"This function is deprecated. Please call randint({low}, {high} + 1) instead",
                          DeprecationWarning, stacklevel=2)
        return self.randint(low, int(high) + 1, size=size, dtype="l")

    def tomaxint(self, size=None):
        return _d.sample(lambda: self._uint64() >> 1, (), size, INT64)

    def shuffle(self, x):
        shuffle_in_place(x, self._interval, "len() of unsized object")

    def permutation(self, x):
        from ._functions import arange
        if isinstance(x, int) or (isinstance(x, ndarray) and x.ndim == 0 and x.dtype.kind in "iu"):
            arr = arange(int(x))
        else:
            arr = asarray(x).copy()
            if arr.ndim == 0:
                raise IndexError("x must be an integer or at least 1-dimensional")
        self.shuffle(arr)
        return arr

    def choice(self, a, size=None, replace=True, p=None):
        if isinstance(a, int) or (isinstance(a, ndarray) and a.ndim == 0):
            pop_size = operator.index(a)
            if pop_size <= 0 and size != 0 and _prod(_d.size_shape(size) or ()) != 0:
                raise ValueError("a must be a positive integer unless no samples are taken")
            population = None
        else:
            population = asarray(a)
            if population.ndim != 1:
                raise ValueError("a must be 1-dimensional")
            pop_size = population.shape[0]
            if pop_size == 0 and _prod(_d.size_shape(size) or ()) != 0:
                raise ValueError("a cannot be empty unless no samples are taken")
        shape = _d.size_shape(size)
        n = 1 if shape is None else _prod(shape)
        if p is not None:
            probs = checked_probabilities(p, pop_size, _P_ERRORS)
        if replace:
            if p is not None:
                cdf, total = [], 0.0
                for q in probs:
                    total += q
                    cdf.append(total)
                cdf = [c / cdf[-1] for c in cdf]
                import bisect
                idx = [bisect.bisect_right(cdf, u) for u in self._doubles(n)]
            else:
                idx = self._bounded(0, pop_size - 1, n, INT64)
        else:
            if n > pop_size:
                raise ValueError("Cannot take a larger sample than population when 'replace=False'")
            if p is not None:
                idx = weighted_sample_without_replacement(probs, n, self._doubles)
            else:
                idx = self.permutation(pop_size)._values()[:n]
        if population is None:
            return self._out(idx, shape, INT64)
        values = [population._values()[i] for i in idx]
        return self._out(values, shape, population.dtype, python=False)

    def get_state(self, legacy=True):
        key = _from_values(list(self._mt), (624,), D._DTYPES["uint32"])
        has_gauss = int(self._gauss is not None)
        gauss = self._gauss if has_gauss else 0.0
        if legacy:
            return ("MT19937", key, self._pos, has_gauss, gauss)
        return {"bit_generator": "MT19937", "state": {"key": key, "pos": self._pos}, "has_gauss": has_gauss,
                "gauss": gauss}

    def set_state(self, state):
        if isinstance(state, dict):
            if "bit_generator" not in state or "state" not in state:
                raise ValueError("state dictionary is not valid.")
            key, pos = state["state"]["key"], state["state"]["pos"]
            has_gauss, gauss = state.get("has_gauss", 0), state.get("gauss", 0.0)
            if state["bit_generator"] != "MT19937":
                raise ValueError("state must be for a MT19937 PRNG")
        elif not isinstance(state, (tuple, list)):
            raise TypeError("state must be a dict or a tuple.")
        else:
            if state[0] != "MT19937":
                raise ValueError("set_state can only be used with legacy MT19937 state instances.")
            key, pos = state[1], state[2]
            has_gauss, gauss = (state[3], state[4]) if len(state) > 3 else (0, 0.0)
        self._mt = [int(w) for w in asarray(key).astype("uint32")._values()]
        self._pos = operator.index(pos)
        self._block = _temper_block(self._mt) if self._pos < 624 else []
        self._gauss = float(gauss) if has_gauss else None

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(f"numpy.random.RandomState.{name} is not available in the browser; it has "
                                  + ", ".join(_METHODS))


# RandomState's methods, all of them also numpy.random's functions over one global RandomState
_METHODS = ("rand", "randn", "randint", "random", "random_sample", "sample", "ranf", "bytes", "standard_normal",
             "normal", "uniform", "choice", "shuffle", "permutation", "standard_exponential", "exponential",
             "standard_gamma", "gamma", "beta", "chisquare", "f", "standard_t", "standard_cauchy", "lognormal",
             "laplace", "logistic", "gumbel", "wald", "pareto", "weibull", "power", "rayleigh", "triangular",
             "binomial", "negative_binomial", "poisson", "geometric", "zipf", "logseries", "hypergeometric",
             "multinomial", "dirichlet", "noncentral_chisquare", "noncentral_f", "vonmises", "random_integers",
             "tomaxint", "get_state", "set_state")

_rand = RandomState(0)
_rand.seed(None)
seed = _rand.seed
globals().update((name, getattr(_rand, name)) for name in _METHODS if name != "tomaxint")  # a method only


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(f"numpy.random.{name} is not available in the browser; this numpy has the legacy API "
                              "(seed, RandomState and its methods: " + ", ".join(_METHODS) + ") and default_rng "
                              "(Generator over PCG64, SeedSequence)")
