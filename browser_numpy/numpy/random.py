"""numpy's legacy random API (RandomState, np.random.seed, rand, randn, ...), drawing numpy's
numbers bit for bit: MT19937 seeded as numpy's mt19937_seed, 53-bit doubles from two words,
the legacy polar Box-Muller gauss with its cached second value, masked rejection for bounded
integers, and the Fisher-Yates shuffle over random_interval."""
import math
import operator
import os

from torch._libm import log as _log  # glibc's log: numpy's reference outputs are glibc's
from torch._random import _init_words, _temper_block, _twist

from . import _dtypes as D
from ._core import FLOAT64, INT64, _from_values, _prod, asarray, ndarray, scalar
from ._generator import (PCG64, Generator, SeedSequence, _size_shape, checked_probabilities, default_rng,
                         shuffle_in_place)

_MASK32 = 0xFFFFFFFF


# choice's errors for p, as RandomState words them (Generator's: _generator.GENERATOR_P_ERRORS)
_P_ERRORS = ("'a' and 'p' must have same size", "probabilities contain NaN", "probabilities are not non-negative",
             "probabilities do not sum to 1")

class RandomState:
    def __init__(self, seed=None):
        self.seed(seed)

    # -- the generator
    def seed(self, seed=None):
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little")
        elif isinstance(seed, (ndarray, list, tuple)):
            raise NotImplementedError("numpy.random.seed with an array of seeds is not available in the browser; "
                                      "pass one int")
        else:
            seed = operator.index(seed)
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
                self._mt = _twist(self._mt)
                self._block = _temper_block(self._mt)
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
            return values[0] if python else scalar(values[0], dt)
        return _from_values(values, shape, dt)

    # -- samplers
    def random_sample(self, size=None):
        shape = _size_shape(size)
        return self._out(self._doubles(1 if shape is None else _prod(shape)), shape)

    random = sample = ranf = random_sample

    def rand(self, *shape):
        return self.random_sample(shape if shape else None)

    def standard_normal(self, size=None):
        shape = _size_shape(size)
        n = 1 if shape is None else _prod(shape)
        return self._out([self._gauss_one() for _ in range(n)], shape)

    def randn(self, *shape):
        return self.standard_normal(shape if shape else None)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._cont2(lambda m, s: m + s * self._gauss_one(), loc, scale, size, check_scale=True)

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._cont2(lambda lo, hi: lo + (hi - lo) * self._doubles(1)[0], low, high, size)

    def _cont2(self, draw, a, b, size, check_scale=False):
        from ._ufuncs import broadcast_shapes, broadcast_to
        a_arr, b_arr = asarray(a).astype(float), asarray(b).astype(float)
        if check_scale and any(v < 0 for v in b_arr._values()):
            raise ValueError("scale < 0")
        shape = _size_shape(size)
        if shape is None and not a_arr.ndim and not b_arr.ndim:
            return draw(a_arr._values()[0], b_arr._values()[0])
        shape = shape if shape is not None else broadcast_shapes(a_arr.shape, b_arr.shape)
        av, bv = broadcast_to(a_arr, shape)._values(), broadcast_to(b_arr, shape)._values()
        return _from_values([draw(x, y) for x, y in zip(av, bv)], shape, FLOAT64)

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        dt = D._as_dtype(dtype)
        if isinstance(low, (ndarray, list)) or isinstance(high, (ndarray, list)):
            raise NotImplementedError("numpy.random.randint with array bounds is not available in the browser")
        low, high = operator.index(low), operator.index(high)
        if low >= high:
            raise ValueError("low >= high")
        shape = _size_shape(size)
        n = 1 if shape is None else _prod(shape)
        values = self._bounded(low, high - 1, n, dt)
        return self._out(values, shape, dt, python=dtype is int)

    def _bounded(self, low, hi, n, dt):
        rng = hi - low
        if rng == 0:
            return [low] * n
        if dt.itemsize < 4 and dt.kind != "b":
            raise NotImplementedError(f"numpy.random.randint(dtype={dt.name}) is not available in the browser")
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
        raise NotImplementedError("numpy.random.random_integers is not available in the browser; use randint")

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
            if pop_size <= 0 and size != 0 and _prod(_size_shape(size) or ()) != 0:
                raise ValueError("a must be a positive integer unless no samples are taken")
            population = None
        else:
            population = asarray(a)
            if population.ndim != 1:
                raise ValueError("a must be 1-dimensional")
            pop_size = population.shape[0]
            if pop_size == 0 and _prod(_size_shape(size) or ()) != 0:
                raise ValueError("a cannot be empty unless no samples are taken")
        shape = _size_shape(size)
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
                raise ValueError("Cannot take a larger sample than population when replace is False")
            if p is not None:
                raise NotImplementedError("numpy.random.choice(replace=False, p=...) is not available in the browser")
            idx = self.permutation(pop_size)._values()[:n]
        if population is None:
            return self._out(idx, shape, INT64)
        values = [population._values()[i] for i in idx]
        return self._out(values, shape, population.dtype, python=False)

    def get_state(self, legacy=True):
        raise NotImplementedError("numpy.random.get_state is not available in the browser")

    def set_state(self, state):
        raise NotImplementedError("numpy.random.set_state is not available in the browser")

    def __getattr__(self, name):
        raise NotImplementedError(f"numpy.random.RandomState.{name} is not available in the browser; this numpy has "
                                  "rand, randn, randint, random, normal, uniform, choice, shuffle, permutation")


_rand = RandomState(0)
_rand.seed(None)

seed = _rand.seed
random_sample = random = sample = ranf = _rand.random_sample
rand, randn, randint = _rand.rand, _rand.randn, _rand.randint
standard_normal, normal, uniform = _rand.standard_normal, _rand.normal, _rand.uniform
choice, shuffle, permutation = _rand.choice, _rand.shuffle, _rand.permutation


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(f"numpy.random.{name} is not available in the browser; this numpy has the legacy API "
                              "(seed, rand, randn, randint, random, normal, uniform, choice, shuffle, permutation, "
                              "RandomState) and default_rng (Generator over PCG64, SeedSequence)")
