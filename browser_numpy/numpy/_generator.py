"""numpy's new random API, bit for bit: SeedSequence (its hash mixing of the entropy into a pool),
PCG64 (128-bit LCG, XSL-RR output, numpy's cached upper half for 32-bit draws) and the Generator
samplers numpy builds on them: random, integers (Lemire's bounded ints), standard_normal/normal
(the 256-box ziggurat), standard_exponential (its ziggurat), uniform, choice, shuffle,
permutation, and the distributions of _distributions.py over these (gamma, beta, binomial,
poisson, ...). Every other Generator method raises NotImplementedError naming it."""
import bisect
import math
import operator
import os

from torch._libm import log1p as _log1p  # glibc's log1p: numpy's reference outputs are glibc's

from . import _dtypes as D
from ._ziggurat import FE as _FE, FI as _FI, KE as _KE, KI as _KI, WE as _WE, WI as _WI
from . import _distributions as _d
from ._core import FLOAT64, INT64, _axis, _contiguous_strides, _from_values, _prod, asarray, ndarray, scalar

_M32, _M64, _M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1


# ---------------------------------------------------------------------------------------
# SeedSequence

_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R, _XSHIFT = 0xCA01F9DD, 0x4973F715, 16


def _uint32_words(x):
    """numpy's _coerce_to_uint32_array: an int as little-endian 32-bit words, a sequence as theirs."""
    if isinstance(x, (list, tuple, ndarray)):
        return [w for v in (x.tolist() if isinstance(x, ndarray) else x) for w in _uint32_words(v)]
    x = operator.index(x)
    if x < 0:
        raise ValueError("expected non-negative integer")
    words = [x & _M32] if x == 0 else []
    while x:
        words.append(x & _M32)
        x >>= 32
    return words


class SeedSequence:
    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4):
        if entropy is None:
            entropy = int.from_bytes(os.urandom(16), "little")
        self.entropy, self.spawn_key, self.pool_size = entropy, tuple(spawn_key), pool_size
        self.n_children_spawned = 0
        run, spawn = _uint32_words(entropy), _uint32_words(list(spawn_key))
        if spawn and len(run) < pool_size:
            run = run + [0] * (pool_size - len(run))
        self.pool = self._mix(run + spawn)

    def _mix(self, entropy):
        hash_const = _INIT_A

        def hashmix(value):
            nonlocal hash_const
            value = (value ^ hash_const) & _M32
            hash_const = (hash_const * _MULT_A) & _M32
            value = (value * hash_const) & _M32
            return value ^ (value >> _XSHIFT)

        def mix(x, y):
            result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _M32
            return result ^ (result >> _XSHIFT)
        size = self.pool_size
        pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(size)]
        for src in range(size):
            for dst in range(size):
                if src != dst:
                    pool[dst] = mix(pool[dst], hashmix(pool[src]))
        for src in range(size, len(entropy)):
            for dst in range(size):
                pool[dst] = mix(pool[dst], hashmix(entropy[src]))
        return pool

    def generate_state(self, n_words, dtype="uint32"):
        wide = D._as_dtype(dtype).itemsize == 8
        hash_const, words = _INIT_B, []
        for i in range(n_words * (2 if wide else 1)):
            value = self.pool[i % self.pool_size] ^ hash_const
            hash_const = (hash_const * _MULT_B) & _M32
            value = (value * hash_const) & _M32
            words.append(value ^ (value >> _XSHIFT))
        if wide:
            words = [lo | (hi << 32) for lo, hi in zip(words[0::2], words[1::2])]
        return _from_values(words, (len(words),), D._DTYPES["uint64" if wide else "uint32"])

    def spawn(self, n_children):
        children = [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,), pool_size=self.pool_size)
                    for i in range(self.n_children_spawned, self.n_children_spawned + n_children)]
        self.n_children_spawned += n_children
        return children

    def __repr__(self):
        lines = ["SeedSequence(", f"    entropy={self.entropy!r},"]
        if self.spawn_key:
            lines.append(f"    spawn_key={self.spawn_key!r},")
        if self.pool_size != 4:
            lines.append(f"    pool_size={self.pool_size!r},")
        if self.n_children_spawned:
            lines.append(f"    n_children_spawned={self.n_children_spawned!r},")
        return "\n".join(lines + [")"])


# ---------------------------------------------------------------------------------------
# PCG64

_PCG_MULT = (2549297995355413924 << 64) + 4865540595714422341


class PCG64:
    def __init__(self, seed=None):
        self.seed_seq = seed if isinstance(seed, SeedSequence) else SeedSequence(seed)
        s0, s1, i0, i1 = self.seed_seq.generate_state(4, "uint64")._values()
        self._inc = ((((i0 << 64) | i1) << 1) | 1) & _M128
        self._state = ((self._inc + ((s0 << 64) | s1)) * _PCG_MULT + self._inc) & _M128  # step from 0, add, step
        self._has_uint32, self._uinteger = False, 0

    def spawn(self, n_children):
        return [PCG64(child) for child in self.seed_seq.spawn(n_children)]

    def _next64(self):
        state = self._state = (self._state * _PCG_MULT + self._inc) & _M128
        value, rot = ((state >> 64) ^ state) & _M64, state >> 122
        return ((value >> rot) | (value << (-rot & 63))) & _M64

    def _next32(self):
        if self._has_uint32:
            self._has_uint32 = False
            return self._uinteger
        value = self._next64()
        self._has_uint32, self._uinteger = True, value >> 32
        return value & _M32

    def _next_double(self):
        return (self._next64() >> 11) * (1.0 / 9007199254740992.0)

    def random_raw(self, size=None):
        shape = _d.size_shape(size)
        if shape is None:
            return self._next64()
        return _from_values([self._next64() for _ in range(_prod(shape))], shape, D._DTYPES["uint64"])

    @property
    def state(self):
        return {"bit_generator": "PCG64", "state": {"state": self._state, "inc": self._inc},
                "has_uint32": int(self._has_uint32), "uinteger": self._uinteger}

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(f"numpy.random.PCG64.{name} is not available in the browser")


PCG64.__module__ = "numpy.random._pcg64"


_NOR_R, _NOR_INV_R = 3.6541528853610088, 0.27366123732975828  # the normal ziggurat's tail
_EXP_R = 7.69711747013104972  # the exponential's


# ---------------------------------------------------------------------------------------
# Generator

def checked_probabilities(p, size, messages):
    """choice's p as floats, checked in numpy's order; ``messages``: the generator's wording of
    (a wrong size, NaN, a negative, a sum other than 1), GENERATOR_P_ERRORS or RandomState's."""
    from ._functions import _pairwise
    probs = asarray(p).astype(float)._values()
    if len(probs) != size:
        raise ValueError(messages[0])
    total = _pairwise(probs, float)
    if total != total:
        raise ValueError(messages[1])
    if any(q < 0 for q in probs):
        raise ValueError(messages[2])
    if abs(total - 1.0) > math.sqrt(2.220446049250313e-16):
        raise ValueError(messages[3])
    return probs


GENERATOR_P_ERRORS = ("a and p must have same size", "Probabilities contain NaN", "Probabilities are not non-negative",
                      "Probabilities do not sum to 1. See Notes section of docstring for more information.")


def shuffle_in_place(x, interval, zero_dim_message):
    """Fisher-Yates over x's first axis, from the end, j = interval(i) in [0, i]: the order of draws
    both numpy generators (legacy RandomState and Generator) take, rows swapped whole."""
    if isinstance(x, ndarray):
        if x.ndim == 0:
            raise TypeError(zero_dim_message)
        if x.ndim == 1:
            buf, off, st = x._buf, x._offset, x._strides[0]
            for i in reversed(range(1, x.shape[0])):
                j = interval(i)
                buf[off + i * st], buf[off + j * st] = buf[off + j * st], buf[off + i * st]
            return
        for i in reversed(range(1, x.shape[0])):
            j = interval(i)
            if i != j:
                row = x[i].copy()
                x[i] = x[j]
                x[j] = row
        return
    for i in reversed(range(1, len(x))):
        j = interval(i)
        x[i], x[j] = x[j], x[i]


@_d.install
class Generator:
    _legacy = False

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, PCG64):
            raise NotImplementedError("numpy.random.Generator over another bit generator than PCG64 is not available "
                                      "in the browser")
        self.bit_generator = self._bitgen = bit_generator

    def __str__(self):
        return f"Generator({type(self._bitgen).__name__})"

    def __repr__(self):
        return f"{self} at 0x{id(self):X}"

    def _out(self, draw, size, dt=FLOAT64):
        shape = _d.size_shape(size)
        if shape is None:
            value = draw()
            return value if dt is FLOAT64 else scalar(value, dt)
        return _from_values([draw() for _ in range(_prod(shape))], shape, dt)

    # -- floats
    def random(self, size=None, dtype=FLOAT64, out=None):
        dt = D._as_dtype(dtype)
        if dt.kind != "f" or dt.itemsize < 4:
            raise TypeError(f"Unsupported dtype {dt!r} for random")
        if out is not None:
            raise NotImplementedError("numpy.random.Generator.random with out= is not available in the browser")
        if dt is FLOAT64:
            return self._out(self._bitgen._next_double, size)
        draw = lambda: (self._bitgen._next32() >> 8) * (1.0 / 16777216.0)  # noqa: E731 (numpy's next_float)
        return draw() if size is None else self._out(draw, size, dt)

    def _standard_normal(self):
        bitgen = self._bitgen
        while True:
            r = bitgen._next64()
            idx = r & 0xFF
            r >>= 8
            rabs = (r >> 1) & 0x000FFFFFFFFFFFFF
            x = rabs * _WI[idx]
            if r & 1:
                x = -x
            if rabs < _KI[idx]:
                return x
            if idx == 0:
                while True:
                    xx = -_NOR_INV_R * _log1p(-bitgen._next_double())
                    yy = -_log1p(-bitgen._next_double())
                    if yy + yy > xx * xx:
                        return -(_NOR_R + xx) if (rabs >> 8) & 1 else _NOR_R + xx
            elif (_FI[idx - 1] - _FI[idx]) * bitgen._next_double() + _FI[idx] < math.exp(-0.5 * x * x):
                return x

    def _standard_exponential(self):
        bitgen = self._bitgen
        while True:
            ri = bitgen._next64() >> 3
            idx = ri & 0xFF
            ri >>= 8
            x = ri * _WE[idx]
            if ri < _KE[idx]:
                return x
            if idx == 0:
                return _EXP_R - _log1p(-bitgen._next_double())
            if (_FE[idx - 1] - _FE[idx]) * bitgen._next_double() + _FE[idx] < math.exp(-x):
                return x

    def standard_normal(self, size=None, dtype=FLOAT64, out=None):
        if D._as_dtype(dtype) is not FLOAT64 or out is not None:
            raise NotImplementedError("numpy.random.Generator.standard_normal with dtype= or out= is not available "
                                      "in the browser")
        return self._out(self._standard_normal, size)

    def standard_exponential(self, size=None, dtype=FLOAT64, method="zig", out=None):
        if D._as_dtype(dtype) is not FLOAT64 or method != "zig" or out is not None:
            raise NotImplementedError("numpy.random.Generator.standard_exponential with dtype=, method= or out= is "
                                      "not available in the browser")
        return self._out(self._standard_exponential, size)

    # the sources _distributions' samplers draw from
    def _double(self):
        return self._bitgen._next_double()

    _std_exp, _normal = _standard_exponential, _standard_normal

    # normal, exponential, gamma, poisson ...: _distributions.SAMPLERS, installed by _d.install;
    # the distributions whose arguments are their own:
    def uniform(self, low=0.0, high=1.0, size=None):
        return _d.uniform_sample(self, low, high, size)

    def standard_gamma(self, shape, size=None, dtype=FLOAT64, out=None):
        if D._as_dtype(dtype) is not FLOAT64 or out is not None:
            raise NotImplementedError("numpy.random.Generator.standard_gamma with dtype= or out= is not available in "
                                      "the browser")
        return _d.sample(lambda k: _d.standard_gamma(self, k), ((shape, "shape", _d.NON_NEGATIVE, False),), size)

    def triangular(self, left, mode, right, size=None):
        return _d.triangular_sample(self, left, mode, right, size)

    def binomial(self, n, p, size=None):
        return _d.sample(lambda q, k: _d.binomial(self, k, q, False), ((p, "p", _d.BOUNDED_0_1, False),
                                                                        (n, "n", _d.NON_NEGATIVE, True)), size, INT64)

    def negative_binomial(self, n, p, size=None):
        n_arr, p_arr = asarray(n).astype(float), asarray(p).astype(float)
        is_array = bool(n_arr.ndim or p_arr.ndim)
        _d.POSITIVE_NOT_NAN(n_arr._values(), "n", is_array)
        _d.BOUNDED_GT_0_1(p_arr._values(), "p", is_array)
        # numpy's bound on the Poisson's lam this may need
        from ._ufuncs import broadcast_to
        shape = _d.broadcast_shape([n_arr.shape, p_arr.shape])
        for k, q in zip(broadcast_to(n_arr, shape)._values(), broadcast_to(p_arr, shape)._values()):
            if (1 - q) / q * (k + 10 * math.sqrt(k)) > _d.POISSON_LAM_MAX:
                raise ValueError("n too large or p too small, see Generator.negative_binomial Notes")
        return _d.sample(lambda k, q: _d.negative_binomial(self, k, q), ((n, "n", None, False), (p, "p", None, False)),
                         size, INT64)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        values = [v for x in (ngood, nbad) for v in asarray(x).astype("int64")._values()]
        if any(v >= 10**9 for v in values):
            raise ValueError("both ngood and nbad must be less than 1000000000")
        return _d.hypergeometric_sample(lambda g, b, n: _d.hypergeometric(self, g, b, n), ngood, nbad, nsample, size,
                                        (_d.NON_NEGATIVE,) * 3)

    def multinomial(self, n, pvals, size=None):
        parr = asarray(pvals)
        if not parr.ndim or not parr.shape[-1]:
            raise ValueError("pvals must have at least 1 dimension and the last dimension of pvals must be greater "
                             "than 0.")
        if parr.ndim > 1 or asarray(n).ndim:
            return _d.multinomial_broadcast(self, n, parr, size)
        return _d.multinomial_sample(self, operator.index(n), parr, size)

    def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
        return _d.multivariate_hypergeometric_sample(self, colors, nsample, size, method)

    def dirichlet(self, alpha, size=None):
        return _d.dirichlet_sample(self, alpha, size)

    def bytes(self, length):
        words = [self._bitgen._next32() for _ in range((operator.index(length) - 1) // 4 + 1)]
        return b"".join(w.to_bytes(4, "little") for w in words)[:length]

    # -- integers
    def _lemire32(self, rng):
        rng_excl = rng + 1
        m = self._bitgen._next32() * rng_excl
        leftover = m & _M32
        if leftover < rng_excl:
            threshold = (_M32 - rng) % rng_excl
            while leftover < threshold:
                m = self._bitgen._next32() * rng_excl
                leftover = m & _M32
        return m >> 32

    def _lemire64(self, rng):
        rng_excl = rng + 1
        m = self._bitgen._next64() * rng_excl
        leftover = m & _M64
        if leftover < rng_excl:
            threshold = (_M64 - rng) % rng_excl
            while leftover < threshold:
                m = self._bitgen._next64() * rng_excl
                leftover = m & _M64
        return m >> 64

    def _bounded(self, rng):
        """random_bounded_uint64: a uniform int in [0, rng]."""
        if rng == 0:
            return 0
        if rng <= _M32:
            return self._bitgen._next32() if rng == _M32 else self._lemire32(rng)
        return self._bitgen._next64() if rng == _M64 else self._lemire64(rng)

    def _interval(self, hi):
        """random_interval: a uniform int in [0, hi] by masked rejection (the shuffles')."""
        if hi == 0:
            return 0
        mask = (1 << hi.bit_length()) - 1
        draw = self._bitgen._next32 if hi <= _M32 else self._bitgen._next64
        while True:
            value = draw() & mask
            if value <= hi:
                return value

    def integers(self, low, high=None, size=None, dtype=INT64, endpoint=False):
        if high is None:
            low, high = 0, low
        dt = D._as_dtype(dtype)
        if dt.kind not in "biu":
            raise TypeError(f"Unsupported dtype {dt!r} for integers")
        if asarray(low).ndim or asarray(high).ndim:
            offsets, ranges, shape = _d.integer_ranges(low, high, size, dt, endpoint)
        else:
            low = int(low)  # numpy's int(): float bounds are truncated
            shape = _d.size_shape(size)
            ranges = [_d.integer_range(low, int(high), dt, endpoint)] * (1 if shape is None else _prod(shape))
            offsets = [low] * len(ranges)
        if dt.itemsize < 4 or dt.kind == "b":
            values = _d.bounded_small(self._bitgen._next32, 1 if dt.kind == "b" else 8 * dt.itemsize, ranges, False)
        elif dt.itemsize == 4:
            values = [0 if rng == 0 else self._bitgen._next32() if rng == _M32 else self._lemire32(rng)
                      for rng in ranges]
        else:
            values = [self._bounded(rng) for rng in ranges]
        values = [o + v for o, v in zip(offsets, values)]
        if shape is None:
            return dtype(values[0]) if dtype is int or dtype is bool else scalar(values[0], dt)
        return _from_values(values, shape, dt)

    # -- permutations and choice
    def shuffle(self, x, axis=0):
        if axis != 0:
            raise NotImplementedError("numpy.random.Generator.shuffle(axis=) is not available in the browser")
        shuffle_in_place(x, self._interval, "shuffle only supports 1-D arrays or lists of lists")

    def permutation(self, x, axis=0):
        from ._functions import arange
        if isinstance(x, int) or (isinstance(x, ndarray) and x.ndim == 0 and x.dtype.kind in "iu"):
            arr = arange(int(x))
            self.shuffle(arr)
            return arr
        arr = asarray(x)
        if arr.ndim < 1:
            raise IndexError("x must be an integer or at least 1-dimensional")
        if axis != 0:
            raise NotImplementedError("numpy.random.Generator.permutation(axis=) is not available in the browser")
        if arr.ndim == 1:
            arr = arr.copy()
            self.shuffle(arr)
            return arr
        idx = arange(arr.shape[0])
        self.shuffle(idx)
        return arr[idx]

    def permuted(self, x, axis=None, out=None):
        """Each slice along `axis` shuffled on its own (the flattened array for axis=None), in
        numpy's order: the slices in C order, Fisher-Yates within each."""
        import itertools
        x = asarray(x)
        if out is None:
            out = x.copy()
        else:
            if not isinstance(out, ndarray):
                raise TypeError("out must be a numpy array")
            if out.shape != x.shape:
                raise ValueError("out must have the same shape as x")
            out[...] = x
        if axis is None:
            if out.ndim > 1 and out._strides != _contiguous_strides(out.shape):
                raise NotImplementedError("numpy.random.Generator.permuted(axis=None) of an array not in C order is "
                                          "not available in the browser")
            shuffle_in_place(out.reshape(-1) if out.ndim != 1 else out, self._interval, "")
            return out
        ax = _axis(axis, out.ndim)
        others = [range(n) for i, n in enumerate(out.shape) if i != ax]
        for index in itertools.product(*others):
            shuffle_in_place(out[index[:ax] + (slice(None),) + index[ax:]], self._interval, "")
        return out

    def spawn(self, n_children):
        return [Generator(bit_generator) for bit_generator in self._bitgen.spawn(n_children)]

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if axis != 0:
            raise NotImplementedError("numpy.random.Generator.choice(axis=) is not available in the browser")
        if isinstance(a, int) or (isinstance(a, ndarray) and a.ndim == 0):
            pop_size, population = operator.index(a), None
            if pop_size <= 0 and _prod(_d.size_shape(size) or ()) != 0:
                raise ValueError("a must be a positive integer unless no samples are taken")
        else:
            population = asarray(a)
            if population.ndim != 1:
                raise NotImplementedError("numpy.random.Generator.choice of a multi-dimensional array is not "
                                          "available in the browser")
            pop_size = population.shape[0]
            if pop_size == 0 and _prod(_d.size_shape(size) or ()) != 0:
                raise ValueError("a cannot be empty unless no samples are taken")
        shape = _d.size_shape(size)
        n = 1 if shape is None else _prod(shape)
        probs = None
        if p is not None:
            probs = checked_probabilities(p, pop_size, GENERATOR_P_ERRORS)
        if replace:
            if probs is not None:
                cdf = _cdf(probs)
                idx = [bisect.bisect_right(cdf, self._bitgen._next_double()) for _ in range(n)]
            else:
                idx = [self._bounded(pop_size - 1) for _ in range(n)] if pop_size else []
        else:
            if n > pop_size:
                raise ValueError("Cannot take a larger sample than population when replace is False")
            if probs is not None:
                idx = weighted_sample_without_replacement(
                    probs, n, lambda k: [self._bitgen._next_double() for _ in range(k)])
            elif pop_size > 10000 and n > pop_size // (50 if shuffle else 20):
                idx = list(range(pop_size))  # a tail shuffle of n elements
                for i in reversed(range(max(pop_size - n, 1), pop_size)):
                    j = self._bounded(i)
                    idx[i], idx[j] = idx[j], idx[i]
                idx = idx[pop_size - n:]
            else:
                idx, chosen = [], set()  # Floyd's algorithm
                for j in range(pop_size - n, pop_size):
                    value = self._bounded(j)
                    value = j if value in chosen else value
                    chosen.add(value)
                    idx.append(value)
                if shuffle:
                    for i in reversed(range(1, n)):
                        j = self._bounded(i)
                        idx[i], idx[j] = idx[j], idx[i]
        if population is None:
            return idx[0] if shape is None else _from_values(idx, shape, INT64)
        values = population._values()
        picked = [values[i] for i in idx]
        return scalar(picked[0], population.dtype) if shape is None else _from_values(picked, shape, population.dtype)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(f"numpy.random.Generator.{name} is not available in the browser; this numpy's "
                                  "Generator has " + ", ".join(_GENERATOR_METHODS))


_GENERATOR_METHODS = ("random", "integers", "bytes", "standard_normal", "normal", "uniform", "choice", "shuffle",
                      "permutation", "permuted", "spawn", "standard_exponential", "exponential", "standard_gamma",
                      "gamma", "beta", "chisquare", "f", "standard_t", "standard_cauchy", "lognormal", "laplace",
                      "logistic", "gumbel", "wald", "noncentral_chisquare", "noncentral_f", "vonmises", "pareto",
                      "weibull", "power", "rayleigh", "triangular", "binomial", "negative_binomial", "poisson",
                      "geometric", "zipf", "logseries", "hypergeometric", "multivariate_hypergeometric", "multinomial",
                      "dirichlet")


Generator.__module__ = "numpy.random._generator"


def weighted_sample_without_replacement(probs, n, uniforms):
    """choice(replace=False, p=...) as both numpy generators draw it: rounds of as many uniforms as
    indices are missing, through the cdf of the probabilities with those found zeroed, each round
    keeping its new indices in the order they first appear."""
    if sum(q > 0 for q in probs) < n:
        raise ValueError("Fewer non-zero entries in p than size")
    probs, found = list(probs), []
    while len(found) < n:
        draws = uniforms(n - len(found))
        for i in found:
            probs[i] = 0.0
        cdf = _cdf(probs)
        new = {}  # insertion-ordered: the first appearances
        for u in draws:
            new.setdefault(bisect.bisect_right(cdf, u))
        found += new
    return found


def _cdf(probs):
    cdf, total = [], 0.0
    for q in probs:
        total += q
        cdf.append(total)
    return [c / cdf[-1] for c in cdf]


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, PCG64):
        return Generator(seed)
    return Generator(PCG64(seed))
