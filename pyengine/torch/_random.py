# Derived from MT19937 (BSD-3), Cephes (BSD-3), avx_mathfun (Zlib); notices: licenses/mt19937.txt,
# licenses/cephes.txt, licenses/sse-mathfun.txt
"""PyTorch's CPU random number generator and samplers, bit for bit (torch 2.13, x86-64 AVX2).

The generator is MT19937 with PyTorch's state layout; every sampler is a pure function
``sampler(generator, n, dtype, ...) -> list`` that returns the n values of a fresh contiguous
tensor in element order, already rounded to ``dtype``. Tensor wrappers reshape the lists.
tests/test_random_parity.py checks the streams against real PyTorch's.

Speed matters because this runs as pure Python in the browser: words are tempered a block
of 624 at a time, and the float32 normal fill works column-wise over all lanes (one list
comprehension per arithmetic step, rounding whole lists to float32 through ``array``).
"""
import math
import os
import struct
from array import array
from itertools import count

from . import _libm
from ._aten import _libm32
from ._backend import backend, kernels
from ._float32 import fma32, fma64

# ---------------------------------------------------------------------------------------
# The generator

_N = 624
_M = 397
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MAG = (0, _MATRIX_A)
_UNSEEDED_SEED = 67280421310721  # what a fresh torch.Generator() starts from
_STATE_SIZE = 5056
# seed, left, seeded, next, 624 words, normal_x, normal_y (the double spare), normal_rho,
# normal_is_valid, 4 padding bytes, float spare, float spare valid, 3 padding bytes
_STATE_LAYOUT = struct.Struct("<QiiQ624Qdddi4xf?3x")
assert _STATE_LAYOUT.size == _STATE_SIZE


def _block_kernel(name):
    """A whole-block version of one of the loops here, with its bits: the browser's wasm kernel
    (kernels.py), else the array backend's (its ``RANDOM``), else None (the loops here)."""
    if kernels.wasm is not None:
        return getattr(kernels, name, None)
    return backend.RANDOM.get(name)


def _temper_block(words):
    out = [y ^ (y >> 11) for y in words]
    out = [y ^ ((y << 7) & 0x9D2C5680) for y in out]
    out = [y ^ ((y << 15) & 0xEFC60000) for y in out]
    return [y ^ (y >> 18) for y in out]


def _twist(mt):
    """The next 624 untempered words. Three chunks, each reading only words already known:
    new[0:227] from old words, new[227:454] and new[454:623] from the chunk before, and the
    last word wraps around to new[0]."""
    mag, upper, lower = _MAG, _UPPER, _LOWER
    first = [c ^ ((y := (a & upper) | (b & lower)) >> 1) ^ mag[y & 1]
             for a, b, c in zip(mt[0:227], mt[1:228], mt[397:624])]
    second = [c ^ ((y := (a & upper) | (b & lower)) >> 1) ^ mag[y & 1]
              for a, b, c in zip(mt[227:454], mt[228:455], first)]
    third = [c ^ ((y := (a & upper) | (b & lower)) >> 1) ^ mag[y & 1]
             for a, b, c in zip(mt[454:623], mt[455:624], second)]
    y = (mt[623] & upper) | (first[0] & lower)
    return first + second + third + [second[169] ^ (y >> 1) ^ mag[y & 1]]  # second[169] is new[396]


def next_block(mt):
    """(the next 624 state words, their tempered outputs): MT19937's refill, as lists (the block
    kernel where there is one: the same words, as lists or its arrays)."""
    refill = _block_kernel("mt19937_refill")
    if refill is not None:
        return refill(mt)
    mt = _twist(mt)
    return mt, _temper_block(mt)


def _init_words(seed32):
    mt = [seed32]
    prev = seed32
    for i in range(1, _N):
        prev = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
        mt.append(prev)
    return mt


def _to_uint64_seed(seed):
    """PyTorch accepts any int in [-2**63, 2**64) and keeps it modulo 2**64."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RuntimeError(f"manual_seed expected a long, but got {type(seed).__name__}")
    if not -(1 << 63) <= seed < (1 << 64):
        raise ValueError("Overflow when unpacking long long")
    return seed & 0xFFFFFFFFFFFFFFFF


class Generator:
    """torch.Generator for the CPU: MT19937 plus PyTorch's cached normal value.

    ``_left``/``_next`` follow PyTorch's engine: a draw first decrements ``_left`` and
    twists when it reaches 0, then hands out word ``_next``. ``_tempered`` holds the
    tempered current block so bulk draws are list slices. The block kernels may leave
    ``_mt`` and ``_tempered`` as their arrays (numpy's): ``words`` makes a list of the block
    it draws from.
    """

    def __init__(self, device="cpu"):
        self.device = device
        self.manual_seed(_UNSEEDED_SEED)

    def manual_seed(self, seed):
        seed = _to_uint64_seed(seed)
        self._seed = seed
        self._mt = _init_words(seed & 0xFFFFFFFF)
        self._tempered = None
        self._left = 1
        self._next = 0
        self._normal_spare = None        # float64 spare of the scalar normal sampler
        self._float_normal_spare = None  # no CPU kernel uses it; kept for the state bytes
        return self

    def seed(self):
        """Reseed from the operating system's entropy and return the new seed."""
        seed = int.from_bytes(os.urandom(8), "little")
        self.manual_seed(seed)
        return seed

    def initial_seed(self):
        return self._seed

    def get_state(self):
        """The 5056 state bytes of torch.get_rng_state()."""
        spare = self._normal_spare
        fspare = self._float_normal_spare
        return _STATE_LAYOUT.pack(
            self._seed, self._left, 1, self._next, *self._mt,
            0.0, 0.0 if spare is None else spare, 0.0, spare is not None,
            0.0 if fspare is None else fspare, fspare is not None)

    def set_state(self, state):
        """Restore bytes from get_state (a bytes-like object or a list of 5056 ints 0..255)."""
        state = bytes(state)
        if len(state) != _STATE_SIZE:
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size {_STATE_SIZE} but found "
                               f"the input RNG state size to be {len(state)}")
        fields = _STATE_LAYOUT.unpack(state)
        seed, left, seeded, next_ = fields[:4]
        spare, spare_valid, fspare, fspare_valid = fields[629], fields[631], fields[632], fields[633]
        if not (seeded and 0 < left <= _N and next_ <= _N):
            raise RuntimeError("Invalid mt19937 state")
        self._seed = seed
        self._left = left
        self._next = next_
        self._mt = [w & 0xFFFFFFFF for w in fields[4:4 + _N]]  # PyTorch keeps the low 32 bits
        self._tempered = _temper_block(self._mt)
        self._normal_spare = spare if spare_valid else None
        self._float_normal_spare = fspare if fspare_valid else None
        return self

    # -- raw draws -----------------------------------------------------------------------

    def _refill(self):
        self._mt, self._tempered = next_block(self._mt)
        self._left = _N + 1
        self._next = 0

    def word_block(self, n):
        """words(n) as the block kernels take them (the browser kernels' array('I'), numpy's uint32
        array), the blocks' refills in one call; a list where there are no block kernels."""
        draw = _block_kernel("mt19937_words")
        if draw is None:
            return self.words(n)
        tempered = [0] * _N if self._tempered is None else self._tempered  # None before the first block (left 1)
        self._mt, self._tempered, self._left, self._next, out = draw(self._mt, tempered, self._left, self._next, n)
        return out

    def words(self, n):
        """The next n 32-bit outputs W() as a list."""
        if n > _N and _block_kernel("mt19937_words") is not None:
            return self.word_block(n).tolist()
        out = []
        while n > 0:
            if self._left == 1:
                self._refill()
            take = min(n, self._left - 1)
            start = self._next
            if self._tempered.__class__ is not list:  # a block kernel's array
                self._tempered = self._tempered.tolist()
            out += self._tempered[start:start + take]
            self._next = start + take
            self._left -= take
            n -= take
        return out

    def doubles(self, n):
        """The next n 64-bit draws D(): two words each, the first is the high half."""
        it = iter(self.words(2 * n))
        return [(hi << 32) | lo for hi, lo in zip(it, it)]

    def u24(self, n):
        """n float32 uniforms in [0, 1): 24 random bits of one word each (exact)."""
        return [(w & 0xFFFFFF) * 5.9604644775390625e-08 for w in self.words(n)]

    def u53(self, n):
        """n float64 uniforms in [0, 1): the low 53 bits of a D() each (exact)."""
        it = iter(self.words(2 * n))
        return [(((hi & 0x1FFFFF) << 32) | lo) * 1.1102230246251565e-16 for hi, lo in zip(it, it)]


default_generator = Generator()
default_generator.seed()  # PyTorch's default generator starts from a nondeterministic seed

# ---------------------------------------------------------------------------------------
# Rounding to a dtype

_pack_half = struct.Struct("<e")


def _f16(v):
    try:
        return _pack_half.unpack(_pack_half.pack(v))[0]
    except OverflowError:  # beyond the largest half: a C cast gives inf
        return math.copysign(math.inf, v)


def _f32_list(values):
    return array("f", values).tolist()


def _round_one(v, dtype):
    return _round_floats([v], dtype)[0]


def _round_floats(values, dtype):
    """Round float64 values to a floating dtype, as one C cast each."""
    if dtype.name == "float64":
        return values
    if dtype.name == "float32":
        return _f32_list(values)
    if dtype.name == "float16":
        return [_f16(v) for v in values]
    raise TypeError(f"expected a floating point dtype, got {dtype}")


def _cast_ints(values, dtype):
    """C casts of int64 values to dtype: wrap-around for integer types, rounding for floats."""
    name = dtype.name
    if dtype.is_floating_point:
        if all(-(1 << 53) <= v <= 1 << 53 for v in values):
            return _round_floats([float(v) for v in values], dtype)  # float(v) is exact
        return [_int_to_float(v, dtype) for v in values]
    if name == "bool":
        return [v != 0 for v in values]
    if name == "int64":
        return values
    bits = 8 * dtype.itemsize
    mask = (1 << bits) - 1
    if not dtype.is_signed:
        return [v & mask for v in values]
    half = 1 << (bits - 1)
    return [((v + half) & mask) - half for v in values]


def _as_int64(v):
    return v - (1 << 64) if v >= (1 << 63) else v


# ---------------------------------------------------------------------------------------
# Exact float32 fused multiply-add over whole lists

_SPLIT25 = 268435457.0  # 2**28 + 1: Veltkamp's split of a float64 keeps its top 25 bits


def _round_fma(sums, a, b, c):
    """float32(a*b + c) with one rounding, given sums[i] = a[i]*b[i] + c[i] in float64.

    a, b, c are float32 lists (or scalars). a*b is exact in float64, so sums[i] differs from
    the exact value only by the float64 rounding of the addition. Rounding that once more to
    float32 is still correct unless the float64 sum landed exactly halfway between two
    float32 values: only sums with at most 25 significant bits can be such midpoints, and
    those few are recomputed with the exact scalar fma32.
    """
    out = array("f", sums).tolist()
    suspects = [i for i, s, r in zip(count(), sums, out)
                if s != r and (g := s * _SPLIT25) - (g - s) == s]
    for i in suspects:
        out[i] = fma32(a[i] if type(a) is list else a, b[i] if type(b) is list else b,
                       c[i] if type(c) is list else c)
    return out


def _fma64_list(values, scale, shift):
    """[fma64(v, scale, shift)]; with scale 1 and shift 0 that is v + 0.0 (turns -0 into 0)."""
    if scale == 1.0 and shift == 0.0:
        return [v + 0.0 for v in values]
    return [fma64(v, scale, shift) for v in values]


# ---------------------------------------------------------------------------------------
# Uniform

def uniform(generator, n, dtype, low=0.0, high=1.0):
    """rand / uniform_(low, high): n values in [low, high) of a floating dtype."""
    if dtype.name == "float64":
        low, high = float(low), float(high)
        values = _fma64_list(generator.u53(n), high - low, low)
        return [low if v == high else v for v in values]
    # float16 samples are float32 samples rounded to half at the end
    low, high = _f32_list((low, high))
    span = _f32_list((high - low,))[0]
    if span == 1.0 and low == 0.0:
        values = generator.u24(n)  # x*1 + 0 is exact
    elif (scaled := _block_kernel("uniform_f32")) is not None:  # the same steps on the same words
        values = scaled(generator.word_block(n), low, span, high)
    else:
        x = generator.u24(n)
        values = _round_fma([v * span + low for v in x], x, span, low)
        values = [low if v == high else v for v in values]
    return values if dtype.name == "float32" else _round_floats(values, dtype)


# ---------------------------------------------------------------------------------------
# Normal

_TWO_PI = 2.0 * math.pi


def normal(generator, n, dtype, mean=0.0, std=1.0, contiguous=True):
    """randn / normal_(mean, std): n normal values of a floating dtype.

    Tensors with at least 16 elements that are contiguous use the vectorised fill;
    everything else uses the scalar Box-Muller sampler with its cached spare value.
    """
    if n >= 16 and contiguous:
        if dtype.name == "float32":
            return _normal_fill_f32(generator, n, mean, std)
        if dtype.name == "float64":
            return _normal_fill_f64(generator, n, mean, std)
        raise NotImplementedError(f"normal fill of 16 or more {dtype} values")
    return _round_floats(_normal_scalar(generator, n, float(mean), float(std)), dtype)


def _normal_scalar(generator, n, mean, std):
    """Float64 for every dtype: each generated pair returns cos, caches sin."""
    out = []
    for _ in range(n):
        z = generator._normal_spare
        if z is not None:
            generator._normal_spare = None
        else:
            u1, u2 = generator.u53(2)
            r = math.sqrt(-2.0 * _libm.log1p(-u2))
            theta = _TWO_PI * u1
            generator._normal_spare = r * _libm.sin(theta)
            z = r * _libm.cos(theta)
        out.append(z)
    return _fma64_list(out, std, mean)


def _fill_blocks(uniforms_of, n):
    """The (a, b) lane inputs and their output positions.

    Returns (a, b, positions): lane i writes its cos output to positions[i] and its sin
    output to positions[i] + 8. A tail block, when n % 16 != 0, is drawn last and its
    writes come last, so they overwrite earlier ones.
    """
    data = uniforms_of(n)
    a, b, positions = [], [], []
    for offset in range(0, n - 15, 16):
        a += data[offset:offset + 8]
        b += data[offset + 8:offset + 16]
        positions += range(offset, offset + 8)
    if n % 16:
        tail = uniforms_of(16)
        a += tail[:8]
        b += tail[8:]
        positions += range(n - 16, n - 8)
    return a, b, positions


def _scatter(n, positions, lo, hi):
    out = [0.0] * n
    for p, x, y in zip(positions, lo, hi):
        out[p] = x
        out[p + 8] = y
    return out


def _normal_fill_f64(generator, n, mean, std):
    a, b, positions = _fill_blocks(generator.u53, n)
    radius = [math.sqrt(-2.0 * _libm.log(1.0 - x)) for x in a]
    theta = [_TWO_PI * y for y in b]
    lo = _fma64_list([r * _libm.cos(t) for r, t in zip(radius, theta)], float(std), float(mean))
    hi = _fma64_list([r * _libm.sin(t) for r, t in zip(radius, theta)], float(std), float(mean))
    return _scatter(n, positions, lo, hi)


def _cephes_log(u):
    """float32 natural log of each u in (0, 1], exactly as PyTorch's AVX2 kernel rounds it."""
    m, e = [], []
    for x in u:
        mant, exp = math.frexp(x)  # x = mant * 2**exp, mant in [0.5, 1): the kernel's m and e
        if mant < _libm32.SQRTHF:
            m.append(mant + mant - 1.0)  # (m - 1) + m, exact
            e.append(exp - 1.0)
        else:
            m.append(mant - 1.0)  # exact
            e.append(float(exp))
    z = _f32_list([x * x for x in m])
    l0, l1 = _libm32.LOG_POLY[0], _libm32.LOG_POLY[1]
    y = _round_fma([l0 * x + l1 for x in m], l0, m, l1)
    for coef in _libm32.LOG_POLY[2:]:
        y = _round_fma([p * x + coef for p, x in zip(y, m)], y, m, coef)
    y = _f32_list([p * x for p, x in zip(y, m)])
    eq1 = _f32_list([k * _libm32.Q1 for k in e])
    y = _round_fma([p * q + c for p, q, c in zip(y, z, eq1)], y, z, eq1)
    y = _f32_list([p - 0.5 * q for p, q in zip(y, z)])  # fma(-z, 0.5, y); z/2 is exact
    my = _f32_list([x + p for x, p in zip(m, y)])
    return _round_fma([k * _libm32.Q2 + c for k, c in zip(e, my)], e, _libm32.Q2, my)


def _cephes_sincos(theta):
    """float32 (sin, cos) lists of each theta >= 0, exactly as PyTorch's AVX2 kernel."""
    # theta = 2*pi*b is never negative, so the kernel's input sign flip never applies
    j = [(int(q) + 1) & ~1 for q in _f32_list([t * _libm32.FOPI for t in theta])]
    y = [float(k) for k in j]
    x = _round_fma([k * _libm32.DP1 + t for k, t in zip(y, theta)], y, _libm32.DP1, theta)
    x = _round_fma([_libm32.DP2 * k + t for k, t in zip(y, x)], _libm32.DP2, y, x)
    x = _round_fma([k * _libm32.DP3 + t for k, t in zip(y, x)], y, _libm32.DP3, x)
    z = _f32_list([t * t for t in x])
    c = _round_fma([_libm32.C0 * q + _libm32.C1 for q in z], _libm32.C0, z, _libm32.C1)
    c = _round_fma([p * q + _libm32.C2 for p, q in zip(c, z)], c, z, _libm32.C2)
    c = _f32_list([q * p for q, p in zip(z, c)])
    half_z = [-(q * 0.5) for q in z]
    c = _round_fma([q * p + h for q, p, h in zip(z, c, half_z)], z, c, half_z)
    c = _f32_list([p + 1.0 for p in c])
    s = _round_fma([_libm32.S0 * q + _libm32.S1 for q in z], _libm32.S0, z, _libm32.S1)
    s = _round_fma([p * q + _libm32.S2 for p, q in zip(s, z)], s, z, _libm32.S2)
    s = _f32_list([q * p for q, p in zip(z, s)])
    s = _round_fma([t * p + t for t, p in zip(x, s)], x, s, x)
    sin, cos = [], []
    for k, sv, cv in zip(j, s, c):
        if k & 2:  # the quadrant swaps the polynomials
            sv, cv = cv, sv
        sin.append(-sv if k & 4 else sv)
        cos.append(-cv if ~(k - 2) & 4 else cv)
    return sin, cos


def _normal_fill_f32(generator, n, mean, std):
    mean, std = _f32_list((mean, std))
    fill = _block_kernel("normal_fill_f32")
    if fill is not None:  # the same steps on the same words
        words = generator.word_block(n)
        return fill(words, generator.words(16) if n % 16 else None, n, mean, std)
    a, b, positions = _fill_blocks(generator.u24, n)
    log_u = _cephes_log([1.0 - x for x in a])  # 1 - a is exact and in (0, 1]
    radius = _f32_list([math.sqrt(-2.0 * v) for v in log_u])
    sin, cos = _cephes_sincos(_f32_list([_libm32.TWO_PI_F * x for x in b]))
    outputs = []
    for trig in (cos, sin):
        r = _f32_list([p * q for p, q in zip(radius, trig)])
        if std == 1.0 and mean == 0.0:
            outputs.append([v + 0.0 for v in r])
        else:
            outputs.append(_round_fma([v * std + mean for v in r], r, std, mean))
    return _scatter(n, positions, outputs[0], outputs[1])


# ---------------------------------------------------------------------------------------
# Integers

_MANTISSA_DIGITS = {"float16": 11, "float32": 24, "float64": 53}


def _int_to_float(v, dtype):
    """A C cast of an integer to a floating dtype: one correct rounding, even beyond 2**53."""
    if -(1 << 53) <= v <= 1 << 53:
        return _round_one(float(v), dtype)
    shift = abs(v).bit_length() - _MANTISSA_DIGITS[dtype.name]
    kept, rest = divmod(abs(v), 1 << shift)
    half = 1 << (shift - 1)
    if rest > half or (rest == half and kept & 1):
        kept += 1
    return _round_one(math.copysign(float(kept << shift), v), dtype)


def _update_from(low, dtype):
    """PyTorch's update_from for floating dtypes: if low + 1 rounds below low, move low up
    to a value the dtype holds."""
    rounded = int(_int_to_float(low + 1, dtype))
    if rounded < low:
        low = rounded + (1 << (abs(low + 1).bit_length() - _MANTISSA_DIGITS[dtype.name]))
    return low


def _update_to(high, dtype):
    """PyTorch's update_to: if high - 1 rounds up to high or beyond, move high down."""
    rounded = int(_int_to_float(high - 1, dtype))
    if rounded >= high:
        high = rounded - (1 << (abs(high - 1).bit_length() - _MANTISSA_DIGITS[dtype.name]))
    return high


def _from_range(generator, n, low, span, dtype):
    """low + draw mod span for a span in [1, 2**64]; 64-bit draws from span 2**28 on."""
    if span == 1 << 64:  # the full int64 range: the draw itself, as a signed number
        values = [_as_int64(d) for d in generator.doubles(n)]
    else:
        draws = generator.doubles(n) if span >= 1 << 28 else generator.words(n)
        values = [_as_int64((low + d % span) & 0xFFFFFFFFFFFFFFFF) for d in draws]
    return _cast_ints(values, dtype)


def randint(generator, n, low, high, dtype):
    """randint(low, high) / random_(low, high): n integers in [low, high), cast to dtype.
    The caller checks low < high and that both fit the dtype."""
    if dtype.is_floating_point:
        low, high = _update_from(low, dtype), _update_to(high, dtype)
    return _from_range(generator, n, low, (high - low) % (1 << 64), dtype)


_RANDOM_MODULUS_32 = {"float32": (1 << 24) + 1, "float16": (1 << 11) + 1, "uint8": 256,
                      "int8": 128, "int16": 1 << 15, "int32": 1 << 31}
_RANDOM_MODULUS_64 = {"float64": (1 << 53) + 1, "int64": 1 << 63}
_INT_MAX = {"bool": 1, "uint8": 255, "int8": 127, "int16": (1 << 15) - 1, "int32": (1 << 31) - 1,
            "int64": (1 << 63) - 1}


def random_(generator, n, dtype, low=None, high=None):
    """Tensor.random_(): without bounds, the whole non-negative range the dtype holds
    exactly; random_(low, high) is randint; random_(low, None) runs from low up to the
    dtype's largest integer (2**digits for floats), or over all 64 bits from -2**63."""
    if high is not None:
        return randint(generator, n, 0 if low is None else low, high, dtype)
    if low is not None:
        if low == -(1 << 63):
            return _from_range(generator, n, low, 1 << 64, dtype)
        if dtype.is_floating_point:
            low, top = _update_from(low, dtype), 1 << _MANTISSA_DIGITS[dtype.name]
        else:
            top = _INT_MAX[dtype.name]
        return _from_range(generator, n, low, top - low + 1, dtype)
    if dtype.name == "bool":
        return [bool(w & 1) for w in generator.words(n)]
    if dtype.name in _RANDOM_MODULUS_64:
        modulus, draws = _RANDOM_MODULUS_64[dtype.name], generator.doubles(n)
    else:
        modulus, draws = _RANDOM_MODULUS_32[dtype.name], generator.words(n)
    values = [d % modulus for d in draws]
    return [float(v) for v in values] if dtype.is_floating_point else values


_RANDPERM_SWAP_LIMIT = 0xFFFFFFFF // 20


def randperm(generator, n, dtype):
    """A random permutation of range(n), cast to dtype."""
    perm = list(range(n))
    if n < _RANDPERM_SWAP_LIMIT:
        # forward Fisher-Yates with 32-bit draws
        for i, w in enumerate(generator.words(max(n - 1, 0))):
            z = i + w % (n - i)
            perm[i], perm[z] = perm[z], perm[i]
    else:
        # inside-out shuffle with 64-bit draws
        for i, d in enumerate(generator.doubles(n)):
            z = d % (i + 1)
            perm[i] = perm[z]
            perm[z] = i
    return _cast_ints(perm, dtype)


# ---------------------------------------------------------------------------------------
# Bernoulli, dropout, exponential

def bernoulli(generator, n, p, dtype):
    """Tensor.bernoulli_(p) with a Python number p: U53() < p, in float64."""
    p = float(p)
    return _cast_ints([int(u < p) for u in generator.u53(n)], dtype)


def bernoulli_probs(generator, probs, probs_dtype, dtype=None):
    """torch.bernoulli(P) (dtype None: P's dtype) / t.bernoulli_(P) (dtype: t's): one 0/1 per
    probability. float64 P compares a U53() in float64; other P dtypes a U24() in float32."""
    uniforms = generator.u53(len(probs)) if probs_dtype.name == "float64" else generator.u24(len(probs))
    return _cast_ints([int(u < p) for u, p in zip(uniforms, probs)], dtype or probs_dtype)


def dropout_mask(generator, n, p, dtype):
    """The multiplier F.dropout(x, p, training=True) applies to x: 0 or float(1 / (1 - p)).

    Returns None when p == 0 (the input is returned unchanged, nothing is drawn) and
    zeros when p == 1 (nothing is drawn). Otherwise keeps each element with U53() < 1 - p.
    """
    if p == 0 or n == 0:
        return None
    if p == 1:
        return _round_floats([0.0] * n, dtype)
    keep = 1.0 - p
    kept_value = _round_one(1.0 / _round_one(keep, dtype), dtype)
    below = _block_kernel("u53_below")
    if below is not None:  # the same comparisons on the same words
        return below(generator.word_block(2 * n), keep, kept_value)
    return [kept_value if u < keep else 0.0 for u in generator.u53(n)]


def exponential(generator, n, dtype, lambd=1.0):
    """Tensor.exponential_(lambd): (-1/lambd) * log1p(-U53()) in float64, cast to dtype."""
    scale = -1.0 / lambd
    return _round_floats([scale * _libm.log1p(-u) for u in generator.u53(n)], dtype)


def geometric(generator, n, dtype, p):
    """Tensor.geometric_(p): ceil(log(U53()) / log1p(-p)) in float64, cast to dtype (ATen's
    geometric_distribution<double>)."""
    scale = _libm.log1p(-p)
    values = [math.ceil(_libm.log(u) / scale) if u > 0 else math.inf for u in generator.u53(n)]
    return _round_floats(values, dtype) if dtype.kind == "f" else _cast_ints(values, dtype)


def log_normal(generator, n, dtype, mean=1.0, std=2.0):
    """Tensor.log_normal_(mean, std): exp of the scalar Box-Muller normal (mean + std * z, with
    its cached spare) in float64, cast to dtype (ATen's lognormal_distribution<double>)."""
    return _round_floats([_exp(z) for z in _normal_scalar(generator, n, float(mean), float(std))], dtype)


def _exp(v):
    try:
        return _libm.exp(v)
    except OverflowError:
        return math.inf


def cauchy(generator, n, dtype, median=0.0, sigma=1.0):
    """Tensor.cauchy_(median, sigma): median + sigma * tan(pi * (U53() - 0.5)) in float64, cast to
    dtype (ATen's cauchy_distribution<double>). math.tan stands in for glibc's tan (both within an
    ulp of float64, far below what a float32 result shows)."""
    return _round_floats([median + sigma * math.tan(math.pi * (u - 0.5)) for u in generator.u53(n)], dtype)


# ---------------------------------------------------------------------------------------
# Multinomial

def multinomial(generator, probs, rows, num_samples, replacement, dtype):
    """torch.multinomial over `rows` rows of a flat row-major list of (unnormalised)
    probabilities of dtype `dtype`; returns rows * num_samples category indices, row by row.

    Without replacement (or with one sample) the indices are the top num_samples of
    probs / Exp(1) noise, largest first. Exact ties between those keys (several zero
    probabilities chosen) are ordered by index here; PyTorch's order for them differs.
    """
    ncat = len(probs) // rows if rows else 0
    out = []
    if not replacement or num_samples == 1:
        noise = exponential(generator, len(probs), dtype)
        keys = _round_floats([p / q if q else math.copysign(math.inf, p) if p else math.nan
                              for p, q in zip(probs, noise)], dtype)
        if num_samples == 1 and ncat:  # each row's largest key, the first of equal ones, a NaN as largest
            keys = [k if k == k else math.inf for k in keys]
            for r in range(rows):
                row = keys[r * ncat:(r + 1) * ncat]
                out.append(row.index(max(row)))
            return out
        for r in range(rows):
            row = keys[r * ncat:(r + 1) * ncat]
            order = sorted(range(ncat), key=lambda i: (-row[i] if row[i] == row[i] else -math.inf, i))
            out += order[:num_samples]
        return out
    for r in range(rows):
        cum, total = [], 0.0
        for p in probs[r * ncat:(r + 1) * ncat]:
            total = _round_one(total + p, dtype)  # accumulated in the probs dtype
            cum.append(total)
        cum = _round_floats([c / total for c in cum], dtype)
        cum[-1] = 1.0
        for u in generator.u53(num_samples):
            lo, hi = 0, ncat
            while hi > lo:
                mid = lo + (hi - lo) // 2
                if cum[mid] < u:
                    lo = mid + 1
                else:
                    hi = mid
            out.append(lo)
    return out
