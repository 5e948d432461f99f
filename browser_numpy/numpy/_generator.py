"""numpy's new random API, bit for bit: SeedSequence (its hash mixing of the entropy into a pool),
PCG64 (128-bit LCG, XSL-RR output, numpy's cached upper half for 32-bit draws) and the Generator
samplers numpy builds on them: random, integers (Lemire's bounded ints), standard_normal/normal
(the 256-box ziggurat), exponential (its ziggurat), uniform, choice, shuffle, permutation.
Every other Generator method raises NotImplementedError naming it."""
import bisect
import math
import operator
import os

from torch._libm import exp as _exp, log1p as _log1p  # glibc's: numpy's reference outputs are glibc's

from . import _dtypes as D
from ._ziggurat import FE as _FE, FI as _FI, KE as _KE, KI as _KI, WE as _WE, WI as _WI
from ._core import FLOAT64, INT64, _from_values, _prod, asarray, ndarray, scalar

_M32, _M64, _M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1


def _size_shape(size):
    if size is None:
        return None
    return (operator.index(size),) if not isinstance(size, (tuple, list)) else tuple(operator.index(s) for s in size)


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
        shape = _size_shape(size)
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


class Generator:
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
        shape = _size_shape(size)
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
            elif (_FI[idx - 1] - _FI[idx]) * bitgen._next_double() + _FI[idx] < _exp(-0.5 * x * x):
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
            if (_FE[idx - 1] - _FE[idx]) * bitgen._next_double() + _FE[idx] < _exp(-x):
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

    def _cont(self, draw, params, size, checks):
        """numpy's `cont`: parameters broadcast against each other (and `size`), one draw per element."""
        from ._ufuncs import broadcast_shapes, broadcast_to
        arrays = [asarray(p).astype(float) for p in params]
        for arr, (name, test) in zip(arrays, checks):
            if test is not None and any(test(v) for v in arr._values()):
                raise ValueError(name)
        shape = _size_shape(size)
        if shape is None and not any(a.ndim for a in arrays):
            return draw(*(a._values()[0] for a in arrays))
        shape = shape if shape is not None else broadcast_shapes(*(a.shape for a in arrays))
        columns = [broadcast_to(a, shape)._values() for a in arrays]
        return _from_values([draw(*vs) for vs in zip(*columns)], shape, FLOAT64)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._cont(lambda m, s: m + s * self._standard_normal(), (loc, scale), size,
                          ((None, None), ("scale < 0", lambda s: s < 0)))

    def exponential(self, scale=1.0, size=None):
        return self._cont(lambda s: s * self._standard_exponential(), (scale,), size, (("scale < 0", lambda s: s < 0),))

    def uniform(self, low=0.0, high=1.0, size=None):
        def draw(lo, hi):
            span = hi - lo
            if not math.isfinite(span):
                raise OverflowError("Range exceeds valid bounds")
            return lo + span * self._bitgen._next_double()
        return self._cont(draw, (low, high), size, ((None, None), (None, None)))

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
        if isinstance(low, (ndarray, list, tuple)) or isinstance(high, (ndarray, list, tuple)):
            raise NotImplementedError("numpy.random.Generator.integers with array bounds is not available in the "
                                      "browser")
        if dt.kind not in "iu" or dt.itemsize < 4:
            raise NotImplementedError(f"numpy.random.Generator.integers(dtype={dt.name}) is not available in the "
                                      "browser")
        low, high = operator.index(low), operator.index(high)
        lo_bound, hi_bound = D.int_range(dt)
        if low < lo_bound:
            raise ValueError("low is out of bounds for " + dt.name)
        top = high if endpoint else high - 1
        if top > hi_bound:
            raise ValueError("high is out of bounds for " + dt.name)
        if low > top:
            raise ValueError("low > high" if endpoint else "low >= high")
        rng = top - low
        if dt.itemsize == 4:
            def draw():
                return low + (0 if rng == 0 else self._bitgen._next32() if rng == _M32 else self._lemire32(rng))
        else:
            def draw():
                return low + self._bounded(rng)
        return self._out(draw, size, dt)

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

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if axis != 0:
            raise NotImplementedError("numpy.random.Generator.choice(axis=) is not available in the browser")
        if isinstance(a, int) or (isinstance(a, ndarray) and a.ndim == 0):
            pop_size, population = operator.index(a), None
            if pop_size <= 0 and _prod(_size_shape(size) or ()) != 0:
                raise ValueError("a must be a positive integer unless no samples are taken")
        else:
            population = asarray(a)
            if population.ndim != 1:
                raise NotImplementedError("numpy.random.Generator.choice of a multi-dimensional array is not "
                                          "available in the browser")
            pop_size = population.shape[0]
            if pop_size == 0 and _prod(_size_shape(size) or ()) != 0:
                raise ValueError("a cannot be empty unless no samples are taken")
        shape = _size_shape(size)
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
                raise NotImplementedError("numpy.random.Generator.choice(replace=False, p=...) is not available in "
                                          "the browser")
            if pop_size > 10000 and n > pop_size // (50 if shuffle else 20):
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
                                  "Generator has random, integers, standard_normal, normal, exponential, "
                                  "standard_exponential, uniform, choice, shuffle, permutation")


Generator.__module__ = "numpy.random._generator"


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
