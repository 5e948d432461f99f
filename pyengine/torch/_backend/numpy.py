# Partly derived from fdlibm (Sun), musl/Arm (MIT), SLEEF (BSL-1.0), Cephes (BSD-3), avx_mathfun (Zlib),
# oneDNN (Apache-2.0), MT19937 (BSD-3); notices: licenses/fdlibm.txt, licenses/musl.txt, licenses/sleef.txt,
# licenses/cephes.txt, licenses/sse-mathfun.txt, licenses/onednn.txt, licenses/mt19937.txt
"""numpy array backend: buffers are 1-D numpy arrays. Same interface as ``python.py``.

Except one kind: the 0-d fast path's float32/float64 buffers (``one``) are one-element
``array.array``s, as on the pure-Python backend. Making, reading and freeing one costs a
third of what a one-element ndarray does, and a scalar op makes and reads several (the
scalar autograd chain: 7.7 -> 6.9 us per op). Every function here takes both kinds
(``_as_ndarray`` views an array.array's memory) and returns ndarrays.

float32 + - * / and sqrt are IEEE in numpy, as in PyTorch. Functions PyTorch takes from
vendor libraries (exp, sin, ...) are computed in float64 and rounded once (correctly
rounded), like the pure-Python backend, so both backends give the same bits.
"""
import ctypes
import functools
import math
from array import array

import numpy as np

if getattr(np, "BROWSER", False):
    raise ImportError("the browser's numpy (browser_numpy/) is a subset for learners' programs, not an array backend")
from numpy.lib.stride_tricks import as_strided  # noqa: E402
from numpy.random import MT19937  # noqa: E402  (imported with the engine: a run's imports are its own)

from .._aten import _libm32 as L
from .._aten._common import LANES, MOMENT_LANES, SUM_LANES, adaptive_plan, avg_pool_plan, cascade, column_rules, \
    conv_geometry, f_blocks, pool_out_size, rowsum, rowwise_moments, thread_rows, vector_runs
from .._float32 import f32 as _f32, fma64 as _fma64
from .python import SCALAR_BINARY, SCALAR_INT_UNARY, SCALAR_UNARY, _mm_in_order_values, _one_element_maker, \
    distinct as _distinct_list  # noqa: F401

NAME = "numpy"

_NP = {"bool": np.bool_, "uint8": np.uint8, "int8": np.int8, "int16": np.int16, "int32": np.int32,
       "int64": np.int64, "float16": np.float16, "float32": np.float32, "float64": np.float64}


_OF_TYPECODE = {"f": np.float32, "d": np.float64}
_ERR = dict(divide="ignore", invalid="ignore", over="ignore", under="ignore")


try:  # numpy's error state is a context variable holding one settings object
    from numpy._core._ufunc_config import _extobj_contextvar
except ImportError:
    _extobj_contextvar = None
else:
    with np.errstate(**_ERR):
        _QUIET = _extobj_contextvar.get()


def _ieee(kernel):
    """``kernel`` with numpy's floating-point warnings off: inf and nan come out silently, as
    in PyTorch (a learner's output shows no RuntimeWarning). errstate as a decorator builds its
    settings object on every call (0.9 us, more than a small kernel's work): the one built here
    once is set instead, where numpy keeps it in a context variable (numpy 2)."""
    if _extobj_contextvar is None:
        return np.errstate(**_ERR)(kernel)

    @functools.wraps(kernel)
    def quiet(*args, **kwargs):
        token = _extobj_contextvar.set(_QUIET)
        try:
            return kernel(*args, **kwargs)
        finally:
            _extobj_contextvar.reset(token)
    return quiet


def _as_ndarray(buf):
    """A buffer as an ndarray; an array.array's memory is shared, not copied."""
    return buf if buf.__class__ is np.ndarray else np.frombuffer(buf, _OF_TYPECODE[buf.typecode])


def _operands(*values):
    """Kernel operands: array.array buffers as ndarrays, the rest (ndarrays, numbers) as they are."""
    return tuple(_as_ndarray(v) if v.__class__ is array else v for v in values)


def from_list(values, dtype):
    if len(values) == 1 and dtype.itemsize == 4 and dtype.kind == "f":
        return np.array((_f32(values[0]),), np.float32)  # one value (torch.tensor(0.5)): no errstate cost
    if dtype.kind == "f":
        with np.errstate(over="ignore"):  # values beyond the float32 range become inf
            return np.array(values, dtype=np.float64).astype(_NP[dtype.name]).reshape(-1)
    return np.array(values, dtype=_NP[dtype.name]).reshape(-1)


def to_list(buf, dtype):
    return buf.tolist()


def full(n, value, dtype):
    if value == 0 and (value.__class__ is int or value.__class__ is float and math.copysign(1.0, value) > 0):
        return np.zeros(n, _NP[dtype.name])  # (a fifth of np.full's cost: every sum starts from these)
    return np.full(n, value, dtype=_NP[dtype.name])


def as_buffer(values, dtype):
    """A kernel's result (an ndarray, or a list) as a buffer of ``dtype``: an ndarray of another
    type (a float64 result for a float32 tensor) is rounded to it once."""
    if values.__class__ is np.ndarray:
        return values if values.dtype == _NP[dtype.name] else cast(values, dtype)
    return from_list(values, dtype)


def from_ndarray(array, dtype):
    """A buffer of a numpy array's elements in row-major order; sharing its memory when it is
    contiguous."""
    return array.reshape(-1) if array.flags["C_CONTIGUOUS"] else from_list(array.reshape(-1).tolist(), dtype)


def to_ndarray(buf, offset, shape, strides, dtype):
    """A numpy array of the strided region, sharing the buffer's memory."""
    return _view(buf, offset, shape, strides)


def copy(buf):
    return _as_ndarray(buf).copy()


def _view(buf, offset, shape, strides):
    """A numpy view of the strided region (no copy)."""
    buf = _as_ndarray(buf)
    item = buf.itemsize
    if 0 in shape:  # (its offset may lie past the buffer's end, which the constructor refuses)
        return as_strided(buf[offset:], shape=shape, strides=[s * item for s in strides], writeable=True)
    # the constructor, not as_strided (2 us a call, not 0.2), bounds-checks the region itself
    return np.ndarray(shape, buf.dtype, buf, offset * item, [s * item for s in strides])


def take(buf, offset, shape, strides):
    return _view(buf, offset, shape, strides).reshape(-1).copy() if shape else \
        _as_ndarray(buf)[offset:offset + 1].copy()


def put(buf, offset, shape, strides, src):
    if not shape:
        buf[offset] = src[0]
        return
    _view(buf, offset, shape, strides)[...] = _as_ndarray(src).reshape(shape)  # (a 0-d result's buffer is an array.array)


def grid_positions(outer, offsets, inner):
    """An int64 array (gather and scatter index with it as it is; a list costs them a conversion)."""
    return np.add.outer(np.add.outer(np.array(outer, np.int64), np.array(offsets, np.int64)),
                        np.array(inner, np.int64)).reshape(-1)


def distinct(positions):
    if positions.__class__ is not np.ndarray:  # (a set of a list's ints costs less than an array of them)
        return _distinct_list(positions)
    ordered = np.sort(positions)
    return not (ordered[1:] == ordered[:-1]).any()


def gather(buf, positions):
    return _as_ndarray(buf)[np.asarray(positions, dtype=np.int64)]


def scatter(buf, positions, src):
    _as_ndarray(buf)[np.asarray(positions, dtype=np.int64)] = src


def _rows_added_in_order(rows, from_zero=False):
    """The columns' sums of a C-contiguous (terms, outputs) block, each output's terms added in
    order from the first (``from_zero``: to 0.0 first, a C loop's ``acc = 0``, whose sums are never
    -0.0): np.add.reduce along the outer axis adds row after row (tests/engine/test_numpy_fast_paths.py
    holds it to the loop's bits; which NaN a sum of two NaNs keeps is numpy's SIMD loops' choice),
    from its identity 0.0: a column of -0.0 terms, whose sum from the first is -0.0, comes out +0.0
    and is set back. Along the only axis (one output) reduce would add pairwise: one output
    accumulates instead, from the first."""
    if rows.shape[1] == 1:
        sums = np.add.accumulate(rows, axis=0)[-1]
        return sums + 0.0 if from_zero else sums
    sums = np.add.reduce(rows, axis=0)
    if from_zero:
        return sums
    zeros = sums == 0
    if zeros.any():
        sums[zeros & np.signbit(rows).all(axis=0)] = -0.0
    return sums


@_ieee
def mm_in_order(a, b, m, k, n, dtype, bias=None, b_transposed=False):
    """float64: the products added in order over k, all outputs at once (numpy's float64 * and +
    round as Python's); the other dtypes (Python's exact integers, float16 through float64) by the loop."""
    if dtype.name != "float64":
        bias = None if bias is None else to_list(bias, dtype)
        return from_list(_mm_in_order_values(to_list(a, dtype), to_list(b, dtype), m, k, n, dtype, bias,
                                             b_transposed), dtype)
    x = _as_ndarray(a).reshape(m, k)
    w = _as_ndarray(b).reshape(n, k).T if b_transposed else _as_ndarray(b).reshape(k, n)
    acc = _matmul_in_order(x, w)
    # (a buffer is C-contiguous: the accumulation may be laid out as its transposed operand was)
    return np.ascontiguousarray(acc if bias is None else acc + _as_ndarray(bias)).reshape(-1)


_PRODUCTS_PER_BLOCK = 1 << 20  # _products_in_order's products held at once: bounded memory


def _products_in_order(a, b):
    """The products a[s, ..., i] * b[s, ..., j], each rounded, added over s strictly in order
    to 0.0, each add rounded: (..., m, n) running sums at once, in the operands' dtype. The longer
    of m and n is numpy's inner loop (each inner loop costs ~10 ns: a short one is mostly that);
    products are made a block of steps at a time, bounding memory. The result may be a transposed view."""
    swap = a.shape[-1] < b.shape[-1]
    if swap:
        a, b = b, a
    a = np.ascontiguousarray(a)
    shape = a.shape[1:-1] + (b.shape[-1], a.shape[-1])
    size = math.prod(shape)
    steps = len(a)
    chunk = max(1, _PRODUCTS_PER_BLOCK // max(1, size))
    if not steps or not size:
        acc = np.zeros(shape, a.dtype)
    elif steps <= chunk:  # one block (the usual case): its sums start from 0.0
        acc = _rows_added_in_order(np.multiply(b[..., :, None], a[..., None, :], order="C").reshape(steps, size),
                                   from_zero=True).reshape(shape)
    else:
        acc = np.zeros(shape, a.dtype)
        for lo in range(0, steps, chunk):
            products = np.multiply(b[lo:lo + chunk, ..., :, None], a[lo:lo + chunk, ..., None, :], order="C")
            acc = _added_in_order(acc, products, scratch=True)
    return acc if swap else acc.swapaxes(-1, -2)


def _matmul_in_order(x, w):
    """x @ w of 2-D arrays as _products_in_order(x.T, w) adds them (each output's products added to
    0.0 in order over k, each step rounded), by numpy's einsum where that is the same and 2-3 times
    faster (no block of all the products): its inner loop runs along the longer output dimension
    with the kernel out[:] += a * b[:], in order over k, when that dimension is contiguous in the
    operands and longer than 1 (otherwise its inner loop may be a dot product, whose order is
    another). Whether its multiply-add rounds twice is the build's: checked once per dtype."""
    m, k = x.shape
    n = w.shape[1]
    if not k or max(m, n) < 2 or not _einsum_adds_in_order(x.dtype):
        return _products_in_order(x.T, w)
    if n >= m:
        return np.einsum("ik,kj->ij", np.ascontiguousarray(x), np.ascontiguousarray(w), optimize=False)
    return np.einsum("ik,kj->ij", np.ascontiguousarray(w.T), np.ascontiguousarray(x.T), optimize=False).T


@functools.cache
def _einsum_adds_in_order(dtype):
    """Whether this numpy's einsum gives _products_in_order's bits on matrices whose rows span its
    vector loops' bodies and tails, in both of _matmul_in_order's orientations: a fused
    multiply-add or another order changes nearly every output of random operands."""
    rng = np.random.default_rng(0)
    for m, k, n in ((3, 37, 19), (19, 37, 3), (2, 5, 2), (5, 64, 67)):
        x, w = rng.standard_normal((m, k)).astype(dtype), rng.standard_normal((k, n)).astype(dtype)
        reference = _products_in_order(x.T, w)
        einsum = np.einsum("ik,kj->ij", x, w, optimize=False) if n >= m else \
            np.einsum("ik,kj->ij", np.ascontiguousarray(w.T), np.ascontiguousarray(x.T), optimize=False).T
        if not np.array_equal(reference, einsum):
            return False
    return True


def _added_in_order(acc, items, scratch=False):
    """acc + items[0] + items[1] + ... strictly in order, each add rounded: the running sums of
    many outputs at once. Items of acc's dtype: one np.add.reduce over a block whose first row is
    acc + items[0] (_rows_added_in_order: row after row), items itself when it is C-contiguous
    ``scratch`` (the caller's to overwrite), else a copy; others: added in place, one numpy call a
    step. ``acc`` may be updated in place."""
    if not len(items):
        return acc
    rows = items.reshape(len(items), acc.size)
    if rows.dtype == acc.dtype:
        if scratch and rows.flags.c_contiguous and np.shares_memory(rows, items):
            block = rows
        else:
            block = np.empty(rows.shape, acc.dtype)
            block[1:] = rows[1:]
        np.add(acc.reshape(-1), rows[0], out=block[0])
        return _rows_added_in_order(block).reshape(acc.shape)
    flat = acc.reshape(-1)  # (numpy's loops over 1-D rows cost half what they do over n-D ones)
    for item in rows:
        np.add(flat, item, out=flat)
    return flat.reshape(acc.shape)


def scatter_add(buf, positions, src, dtype):
    """ufunc.at adds one element at a time, in order, each sum rounded to the array's type."""
    if dtype.name == "float16":  # numpy adds halves through float32 (two roundings): each exact in float64
        out = _as_ndarray(buf).astype(np.float64)
        for p, v in zip(positions, _as_ndarray(src).astype(np.float64).tolist()):
            out[p] = np.float16(out[p] + v)
        return out.astype(np.float16)
    out = _as_ndarray(buf).copy()
    np.add.at(out, np.asarray(positions, dtype=np.int64), _as_ndarray(src).astype(out.dtype, copy=False))
    return out


@_ieee
def cast(buf, dtype):
    target = _NP[dtype.name]
    buf = _as_ndarray(buf)
    if buf.dtype.kind == "f" and dtype.kind in "iu":
        # a C cast: truncate toward zero; nan and inf give INT64_MIN as on x86
        bad = ~np.isfinite(buf)
        out = np.trunc(buf).astype(np.int64)
        out[bad] = np.iinfo(np.int64).min
        return out.astype(target)
    return buf.astype(target)


def get(buf, i, dtype):
    return number(buf, i)


def _in_float64(fn):
    return lambda a: fn(a.astype(np.float64)) if a.dtype == np.float32 else fn(a)


_SAME_WIDTH_INT = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}


def _select(cond, a, b, t):
    """cond ? a : b as the numpy type t (a, b: arrays of type t or numbers), bit for bit, by masking the
    elements' bits: np.where branches on each element, ~3 ns an element when the condition is
    random (relu's signs, dropout), where the masks cost ~0.5 ns."""
    bits = _SAME_WIDTH_INT[np.dtype(t).itemsize]
    a, b = np.asarray(_binary_operand(a, t), t).view(bits), np.asarray(_binary_operand(b, t), t).view(bits)
    mask = cond.astype(bits)
    np.negative(mask, out=mask)  # all ones where cond
    return (b ^ ((a ^ b) & mask)).view(t)


def _relu(a):
    return _select(a < 0, 0, a, a.dtype.type)  # relu(-0.) is -0., relu(nan) is nan


def _sigmoid(a):
    return 1.0 / (1.0 + np.exp(-a))


def _sign(a):
    """PyTorch's (0 < a) - (a < 0): 0 for nan, where numpy's sign gives nan."""
    s = np.sign(a)
    return np.nan_to_num(s, nan=0.0, copy=False) if s.dtype.kind == "f" else s


UNARY = {
    "neg": np.negative,
    "abs": np.abs,
    "exp": _in_float64(np.exp),
    "exp2": _in_float64(np.exp2),
    "expm1": _in_float64(np.expm1),
    "log": _in_float64(np.log),
    "log2": _in_float64(np.log2),
    "log10": _in_float64(np.log10),
    "log1p": _in_float64(np.log1p),
    "sqrt": np.sqrt,
    "sin": _in_float64(np.sin),
    "cos": _in_float64(np.cos),
    "tan": _in_float64(np.tan),
    "asin": _in_float64(np.arcsin),
    "acos": _in_float64(np.arccos),
    "atan": _in_float64(np.arctan),
    "sinh": _in_float64(np.sinh),
    "cosh": _in_float64(np.cosh),
    "tanh": _in_float64(np.tanh),
    "asinh": _in_float64(np.arcsinh),
    "acosh": _in_float64(np.arccosh),
    "atanh": _in_float64(np.arctanh),
    "sigmoid": _in_float64(_sigmoid),
    "erf": _in_float64(np.vectorize(__import__("math").erf, otypes=[np.float64])),
    "erfc": _in_float64(np.vectorize(__import__("math").erfc, otypes=[np.float64])),
    "sign": _sign,
    "floor": np.floor,
    "ceil": np.ceil,
    "trunc": np.trunc,
    "round": np.rint,
    "frac": lambda a: a - np.trunc(a),
    "relu": _relu,
    "logical_not": np.logical_not,
    "bitwise_not": np.invert,
    "isnan": np.isnan,
    "isinf": np.isinf,
    "isfinite": np.isfinite,
    "square": np.square,
}


def _int_checked(fn):
    """Integer division by zero is an error in PyTorch."""
    def kernel(a, b, **kw):
        if np.asarray(b).dtype.kind in "iub" and np.asarray(a).dtype.kind in "iub" and np.any(b == 0):
            raise RuntimeError("ZeroDivisionError")
        return fn(a, b, **kw)
    return kernel


def _binary_in_float64(fn):
    def kernel(a, b, dtype):
        if dtype == np.float32:
            return fn(np.float64(a) if np.isscalar(a) else a.astype(np.float64),
                      np.float64(b) if np.isscalar(b) else b.astype(np.float64))
        return fn(a, b, dtype=dtype)
    return kernel


def _remainder(a, b, dtype):
    """PyTorch's float remainder: fmod, moved into b's sign (a zero keeps its sign)."""
    if np.dtype(dtype).kind != "f":
        return np.remainder(a, b, dtype=dtype)
    mod = np.fmod(a, b, dtype=dtype)
    return np.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)


def _trunc_divide(a, b, dtype):
    if np.any(b == 0):
        raise RuntimeError("ZeroDivisionError")
    q = np.floor_divide(a, b, dtype=dtype)
    return q + ((np.remainder(a, b, dtype=dtype) != 0) & ((a < 0) != (b < 0)))


BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.true_divide,
    "floor_divide": _int_checked(np.floor_divide),
    "remainder": _int_checked(_remainder),
    "fmod": _int_checked(np.fmod),
    "trunc_divide": _trunc_divide,
    "pow": _binary_in_float64(np.power),
    "atan2": _binary_in_float64(np.arctan2),
    "hypot": _binary_in_float64(np.hypot),
    "copysign": np.copysign,
    "logaddexp": _binary_in_float64(np.logaddexp),
    "maximum": np.maximum,
    "minimum": np.minimum,
    "eq": np.equal,
    "ne": np.not_equal,
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
    "logical_and": np.logical_and,
    "logical_or": np.logical_or,
    "logical_xor": np.logical_xor,
    "bitwise_and": np.bitwise_and,
    "bitwise_or": np.bitwise_or,
    "bitwise_xor": np.bitwise_xor,
    "lshift": np.left_shift,
    "rshift": np.right_shift,
}
_NO_DTYPE_ARG = {"eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor"}


@_ieee
def unary(name, buf, dtype):
    return np.asarray(UNARY[name](_as_ndarray(buf))).astype(_NP[dtype.name], copy=False).reshape(-1)


def _scalar(value, t):
    try:
        return t(value)
    except OverflowError:  # an integer beyond the dtype's range wraps, as a C cast does
        return np.array(value, np.int64).astype(t)


def _binary_operand(v, t):
    """A binary kernel's operand as an ndarray (an array.array's memory viewed), or a number as a
    scalar of type t (the hot path: no generator, no tuple)."""
    if v.__class__ is np.ndarray:
        return v
    if v.__class__ is array:
        return _as_ndarray(v)
    return v if isinstance(v, np.ndarray) else _scalar(v, t)


@_ieee
def binary(name, a, b, dtype, out_dtype=None):
    t = _NP[dtype.name]
    a, b = _binary_operand(a, t), _binary_operand(b, t)
    out = np.asarray(BINARY[name](a, b) if name in _NO_DTYPE_ARG else BINARY[name](a, b, dtype=t))
    if out_dtype is not None or out.dtype.type is not t:  # (not !=: that makes a dtype of t per call)
        out = out.astype(_NP[(out_dtype or dtype).name], copy=False)
    return out.reshape(-1)


@_ieee
def fma(a, b, c, dtype):
    """a * b + c elementwise with a single rounding; a or c may be Python scalars."""
    t = _NP[dtype.name]
    a, b, c = _operands(a, b, c)
    if dtype.kind != "f":
        return (np.asarray(a, t) * b + np.asarray(c, t)).astype(t)
    if t == np.float64:
        return _fma64_np(a, b, c)
    return _fma32_np(np.asarray(a, np.float32), b, np.asarray(c, np.float32))


@_ieee
def where(cond, a, b, dtype):
    t = _NP[dtype.name]
    a, b = _operands(a, b)
    return _select(cond.astype(bool, copy=False), a, b, t).reshape(-1)


one = _one_element_maker(from_list)


def number(buf, i):
    """Element i of a buffer that is not bool, as a Python number."""
    return buf[i] if buf.__class__ is array else buf.item(i)


# ==== _aten's kernels on whole arrays ==============================================================
# ATEN[name] replaces the pure-Python loops of the _aten kernel ``name`` (an @backend_kernel) with
# the same computation on whole arrays: the same float32 bits, each checked against the loops by
# tests/test_aten_parity.py. The drivers both share (sum cascade, k-blocks, vector runs) and the
# libm emulations' constants and element functions come from _aten._common and _aten._libm32.

_LOW29 = np.int64(0x1FFFFFFF)
_HALF29 = np.int64(0x10000000)
_TINY32 = 2.0 ** -126  # float32's least normal number


def _as_f32(values):
    """values (an ndarray, an array.array or a list: the 0-d fast path's one-element buffers and
    nn.functional's lists reach the kernels too) as a flat float32 array, without a copy when it is one."""
    return np.ascontiguousarray(values, dtype=np.float32).reshape(-1)


def _fma32_np(a, b, c):
    """Exact float32 fma of float32 arrays (broadcasting): one float64 rounding of the exact product
    plus c, right unless the sum is in doubt (_doubtful); those elements again by _fma32_exact.
    When a is a number whose product has b's 24 bits (a power of two: layer norm's halving steps),
    the float64 sum of two 24-bit numbers is either exact or too far from a float32 halfway point to
    round wrong: no doubt."""
    p = np.multiply(a, b, dtype=np.float64)
    s = np.add(p, c, dtype=np.float64)
    if np.ndim(a) == 0 and abs(math.frexp(float(a))[0]) == 0.5:
        return s.astype(np.float32)
    doubtful = _doubtful(s)
    count = np.count_nonzero(doubtful)
    if not count:
        return s.astype(np.float32)
    p = _spread(p, s.shape)
    c = np.float64(c) if np.ndim(c) == 0 else _spread(np.asarray(c, np.float64), s.shape)
    if count * 8 > s.size:  # (as many as layer norm's halving steps have: indexing them costs more)
        return _fma32_exact(p, c)
    out = s.astype(np.float32)
    at = np.flatnonzero(doubtful)
    out.reshape(-1)[at] = _fma32_exact(p.reshape(-1)[at], c if c.ndim == 0 else c.reshape(-1)[at])
    return out


def _spread(x, shape):
    """x broadcast to ``shape`` (x itself when it has it)."""
    return x if x.shape == shape else np.broadcast_to(x, shape)


def _doubtful(sums):
    """Where a float64 sum's rounding to float32 may differ from the exact sum's (if the float64 sum
    was inexact): on a float32 halfway point, or nonzero below float32's normal range, where the
    halfway points lie higher in the mantissa than bit 28. (A zero float64 sum is exact.)"""
    halfway = (sums.view(np.int64) & _LOW29) == _HALF29
    if not sums.size or np.abs(sums).min() >= _TINY32:
        return halfway
    return halfway | ((np.abs(sums) < _TINY32) & (sums != 0))


_SPLIT64 = 134217729.0  # 2**27 + 1: Veltkamp's split of a float64 into two 26-bit halves
_FMA64_TINY = 2.0 ** -900  # products and results below lose bits in the steps below
_FMA64_BLOCK = 8192  # elements: _fma64_np's forty-odd temporaries of a block stay in the cache


def _fma64_np(a, b, c):
    """float64 fma of arrays (broadcasting), a single rounding: _fma64_block on blocks of
    _FMA64_BLOCK elements (on a whole LBFGS vector at once it takes three times as long)."""
    a, b, c = np.asarray(a, np.float64), np.asarray(b, np.float64), np.asarray(c, np.float64)
    if max(a.size, b.size, c.size) <= _FMA64_BLOCK:
        return _fma64_block(a, b, c)
    shape = np.broadcast_shapes(a.shape, b.shape, c.shape)
    a, b, c = (v if v.ndim == 0 else np.broadcast_to(v, shape).reshape(-1) for v in (a, b, c))
    out = np.empty(math.prod(shape))
    for lo in range(0, len(out), _FMA64_BLOCK):
        block = slice(lo, lo + _FMA64_BLOCK)
        out[block] = _fma64_block(*(v if v.ndim == 0 else v[block] for v in (a, b, c)))
    return out.reshape(shape)


def _fma64_block(a, b, c):
    """float64 fma of arrays (broadcasting), a single rounding, by Boldo and Melquiond's emulation:
    a*b = p + e exactly (Dekker), c + p = s + t exactly (TwoSum), then s + (t + e rounded to odd)
    rounded once. Exact unless a step overflows, which leaves an infinity or a NaN in r + e (as do
    non-finite operands), or |p| or |r| is tiny: those elements go to the scalar fma."""
    p = a * b
    t = _SPLIT64 * a
    ah = t - (t - a)
    t = _SPLIT64 * b
    bh = t - (t - b)
    al, bl = a - ah, b - bh
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = c + p
    z = s - c
    t = (c - (s - z)) + (p - z)
    v = t + e
    z = v - t
    inexact = (t - (v - z)) + (e - z)
    # round to odd: an inexact v with an even last bit moves one ulp towards the exact sum
    v = np.where(np.greater(inexact != 0, v.view(np.int64) & 1), np.nextafter(v, np.copysign(np.inf, inexact)), v)
    r = s + v
    easy = (np.minimum(np.abs(p), np.abs(r)) >= _FMA64_TINY) & np.isfinite(r + e)
    if easy.all():
        return r
    r = np.array(np.broadcast_to(r, easy.shape))  # (writable, even of 0-d operands)
    out = r.reshape(-1)
    a, b, c = (np.broadcast_to(v, easy.shape).reshape(-1) for v in (a, b, c))
    for i in np.flatnonzero(~easy):
        out[i] = _fma64(float(a[i]), float(b[i]), float(c[i]))
    return r


def _fma32_exact(p, c):
    """_float32.fma32 on arrays, from the exact float64 products p: p + c rounded to odd (one
    float64 ulp towards the sum's error where it is even and inexact), then to float32."""
    s = np.asarray(p + c)  # (an array even of 0-d operands: its bits are changed in place)
    v = s - p
    err = (p - (s - v)) + (c - v)
    bits = s.view(np.int64)
    step = (err != 0) & np.isfinite(s) & ((bits & 1) == 0)
    if step.any():
        bits[step] += np.where((err[step] > 0) == (s[step] > 0), 1, -1)
    return s.astype(np.float32)


_DEFERRED_SIZE = 4096  # elements: beyond, _fma32_np's checks cost little next to the arithmetic


class _DeferredFma32:
    """_fma32_np for a chain of fmas on small arrays, where its check of every sum costs more than
    the fma: each sum is rounded the fast way (its float64 rounding to float32) and kept;
    rounded_right() then checks them all at once. The fast way is _fma32_exact's (and so _fma32_np's)
    rounding except where a sum is _doubtful and was inexact; it says False where such a sum
    exists, and the caller runs the chain again through _fma32_np."""

    def __init__(self):
        self.terms = []  # (p, c, s): a step's exact products, its addend and their float64 sum

    def __call__(self, a, b, c):
        p = np.multiply(a, b, dtype=np.float64)
        s = np.add(p, c, dtype=np.float64)
        self.terms.append((p, c, s))
        return s.astype(np.float32)

    def rounded_right(self):
        sums = np.concatenate([s.reshape(-1) for _, _, s in self.terms])
        check = np.flatnonzero(_doubtful(sums))
        if not len(check):
            return True
        ends = np.cumsum([s.size for _, _, s in self.terms])
        steps = np.searchsorted(ends, check, side="right")  # the step of each sum in doubt
        for k in np.unique(steps).tolist():  # (few: only these steps' products and addends are read)
            p, c, s = self.terms[k]
            at = check[steps == k] - (ends[k] - s.size)
            p, c, s = _flat64(p, s.shape)[at], _flat64(c, s.shape)[at], s.reshape(-1)[at]
            v = s - p
            if ((p - (s - v)) + (c - v)).any():  # (NaN counts as inexact)
                return False
        return True


def _flat64(values, shape):
    """values (a number or an array broadcasting to shape) as a flat float64 array of that shape."""
    values = np.asarray(values, np.float64)
    return values.reshape(-1) if values.shape == shape else np.broadcast_to(values, shape).reshape(-1)


def _fma32_chain(products, acc):
    """acc = fma32(products[i], acc) for each row i in turn (products: exact float64 products of
    float32 values; acc: float32, a row's shape), vectorised along the rows. Each row costs one
    float64 add and its rounding to float32; afterwards the rows whose sum was inexact and in
    doubt (_doubtful: the only sums that rounding gets wrong) are found at once, the first is
    redone exactly and the chain goes on from there."""
    rows = len(products)
    sums = np.empty_like(products)
    accs = np.empty((rows + 1,) + products.shape[1:], np.float32)  # accs[i]: acc before row i
    accs[0] = acc
    start = 0
    while start < rows:
        for i in range(start, rows):
            np.add(products[i], accs[i], out=sums[i])
            accs[i + 1] = sums[i]
        doubtful = np.nonzero(_doubtful(sums[start:]))
        p, s, c = products[start:][doubtful], sums[start:][doubtful], accs[start:rows][doubtful]
        v = s - p
        inexact = np.nonzero((p - (s - v)) + (c - v))[0]
        if not len(inexact):
            break
        first = start + doubtful[0][inexact[0]]
        accs[first + 1] = _fma32_exact(products[first], accs[first])
        start = first + 1
    return accs[rows]


# ---- special: libm emulations, sigmoid, backward formulas, correctly rounded stand-ins ----------

# The Sleef emulations' constants as 0-d arrays: in arithmetic they act as scalars of their type
# (float32, or float64 where Python floats meet float64 arrays), at half a scalar's cost
_EXPF_CONSTANTS = tuple(np.array(v, np.float32) for v in (L.LOG2E_F, L.LN2_HI_F, 1)) + \
    tuple(np.array(v, np.float64) for v in (-L.LN2_LO_F, *L.EXP_POLY))
_LOGF_CONSTANTS = tuple(np.array(v, np.float32) for v in (L.INV_075_F, 1, -1, 2, 0.5, 1.5, L.LN2_HI_L)) + \
    tuple(np.array(v, np.float64) for v in (L.LN2_LO_L, L.LN2_HI_L, *L.LOG_P))


@_ieee
def _expf_sleef_np(d):
    """Sleef's expf (L.expf_sleef1) of a float32 array, its fmas' sums in float64 from float32
    values (exact products), each rounded once more to float32. For d in [-104, 100] (the rest are
    0, inf or NaN, set without computing) Cody and Waite's reduction is exact: q has at most 8 bits and LN2_HI_F 15, so
    s = d - q*LN2_HI_F is exact even in float32 (a multiple of 2**-25, d's ulp as |d| > 0.34 where
    q != 0, below 0.5), and s + q*LN2_LO_F spans at most 43 bits. The polynomial's sums stay
    above 1e-3, and its last one is s itself or far above float32's subnormals where s*s is
    nonzero; so a sum can round wrong only on a float32 halfway point (_doubtful without its
    subnormal case): those few elements are redone by the scalar emulation."""
    if d.size and not (d.min() >= -104 and d.max() <= 100):  # (NaN fails both)
        # only the elements in range are computed (a causal softmax's masked half costs nothing)
        inside = (d >= -104) & (d <= 100)
        u = d.copy()  # NaN stays itself
        u[d < -104] = 0
        u[d > 100] = np.inf
        u[inside] = _expf_sleef_in_range(d[inside])
        return u
    return _expf_sleef_in_range(d)


def _expf_sleef_in_range(d):
    """_expf_sleef_np of a float32 array whose elements all lie in [-104, 100] (in its error state)."""
    log2e, ln2_hi, one, minus_ln2_lo, *poly = _EXPF_CONSTANTS
    q = np.rint(d * log2e)
    t = q.astype(np.float64)
    t *= minus_ln2_lo
    t += d - q * ln2_hi
    s = t.astype(np.float32)
    s64 = s.astype(np.float64)
    sums = np.empty((len(poly),) + t.shape)  # each fma's float64 sums, checked at once
    u = poly[0]
    for t, coef in zip(sums, poly[1:]):
        np.multiply(s64, u, out=t, dtype=np.float64)  # (u: float32 values, the products exact)
        t += coef
        u = t.astype(np.float32)
    t = sums[-1]
    np.multiply(s * s, u, out=t, dtype=np.float64)
    t += s64
    redo = _on_halfway(sums)
    u = np.ldexp(one + t.astype(np.float32), q.astype(np.int32))  # (int32: numpy's vector loop)
    _redo(u, d, redo, L.expf_sleef1)
    return u


def _on_halfway(sums):
    """Where any of the steps' float64 sums (sums: one row per step) lies on a float32 halfway
    point (None: nowhere)."""
    halfway = (sums.view(np.int64) & _LOW29) == _HALF29
    if not np.count_nonzero(halfway):  # (faster than .any() on small arrays)
        return None
    return halfway.any(axis=0)


def _redo(out, x, redo, scalar_fn):
    """out[i] = scalar_fn(x[i]) where redo (None: nowhere) says (out: a new array of x's shape)."""
    if redo is not None:
        flat, values = out.reshape(-1), x.reshape(-1)
        for i in np.flatnonzero(redo):
            flat[i] = scalar_fn(float(values[i]))


def _two_sum_np(a, b):
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


@_ieee
def _logf_sleef_np(d):
    """Sleef's logf (L.logf_sleef1) of a float32 array, its fmas' sums in float64 from float32
    values (exact products), each rounded once more to float32. For finite d > 0 (the rest are set
    at the end) five are exact: fma(LN2_HI_L, e, -sh) and fma(t, nh, -xh) are a product's rounding
    error and fma(-dh, t, 1) a reciprocal's residual, which float32 holds; the sums of sl (e has at
    most 8 bits: a 32-bit product, a multiple of 2**-52, and that error, one of 2**-21 below 2**-17),
    of fma(-dl, t, .) (2**-22 down to 2**-49) and of fma(nl, t, .) (nl is 0: m - 1 is exact) span
    at most 53 bits. The other three (xl and the polynomial's) are zero or far above float32's
    subnormals, so they round wrong only on a float32 halfway point: those few elements are redone
    by the scalar emulation."""
    f64 = np.float64
    inv_075, one, minus_one, two, half, three_halves, ln2_hi, ln2_lo_64, ln2_hi_64, p0, p1, p2 = _LOGF_CONSTANTS
    e = (np.frexp(d * inv_075)[1] - 1).astype(f64)
    m = np.frexp(d)[0] * two
    m = np.where(m >= three_halves, m * half, m).astype(np.float32)
    sh = ln2_hi * e.astype(np.float32)
    sl = (ln2_lo_64 * e + (ln2_hi_64 * e - sh)).astype(np.float32)
    nh, nl = _two_sum_np(minus_one, m)
    dh, dl = _two_sum_np(one, m)
    t = one / dh
    xh = nh * t
    t64, xh64 = t.astype(f64), xh.astype(f64)
    residual = (1 - dh.astype(f64) * t64) - dl.astype(f64) * t64
    error = nl.astype(f64) * t64 + (t64 * nh - xh)
    sums = np.empty((3,) + d.shape)  # the three fmas' float64 sums, checked at once
    np.multiply(xh64, residual.astype(np.float32), out=sums[0])
    sums[0] += error.astype(np.float32)
    xl = sums[0].astype(np.float32)
    x2 = xh * xh
    x2_64 = x2.astype(f64)
    np.multiply(x2_64, p0, out=sums[1])
    sums[1] += p1
    np.multiply(sums[1].astype(np.float32), x2_64, out=sums[2])
    sums[2] += p2
    redo = _on_halfway(sums)
    p = sums[2].astype(np.float32)
    ah, al = xh * two, xl * two
    s1 = sh + ah
    s1l = (((sh - s1) + ah) + sl) + al
    w = (x2 * xh) * p
    s2 = s1 + w
    s2l = ((s1 - s2) + w) + s1l
    out = (s2 + s2l).astype(np.float32)
    if d.size and not (d.min() > 0 and d.max() < np.inf):  # (NaN fails both)
        out[(d < 0) | np.isnan(d)] = np.nan
        out[d == 0] = -np.inf
        out[d == np.inf] = np.inf
    _redo(out, d, redo, L.logf_sleef1)
    return out


# glibc's T: the bits of 2^(i/32) less i << 47, so that adding the shifted k's bits (ki << 47)
# gives 2^(k/32) whole (every k of a clipped input: the scale stays a normal double)
_EXP2F_BITS = np.array(L.EXP2_TABLE).view(np.uint64) - (np.arange(32, dtype=np.uint64) << np.uint64(47))


def _expf_glibc_np(x):
    x64 = x.astype(np.float64)
    with np.errstate(all="ignore"):
        z = L.INV_LN2_N * np.clip(x64, L.UNDERFLOW, L.OVERFLOW)
        kd = z + L.SHIFT
        ki = kd.view(np.uint64)  # k in the low bits, as glibc reads it
        r = z - (kd - L.SHIFT)
        s = (_EXP2F_BITS[ki & np.uint64(31)] + (ki << np.uint64(47))).view(np.float64)
        y = L.GC2 * r + 1.0
        y = (L.GC0 * r + L.GC1) * (r * r) + y
        out = (y * s).astype(np.float32)
    out[x > L.OVERFLOW] = np.inf
    out[x < L.UNDERFLOW] = 0
    nan = np.isnan(x)
    out[nan] = x[nan]
    return out


def _logf_glibc_np(x):
    ix = x.view(np.uint32).astype(np.int64)
    special = (ix - 0x00800000) & 0xFFFFFFFF >= 0x7f800000 - 0x00800000
    tmp = (ix - 0x3f330000) & 0xFFFFFFFF
    table = np.array(L.LOGF_TABLE)[(tmp >> 19) & 15]
    k = np.where(tmp & 0x80000000, tmp - (1 << 32), tmp) >> 23
    z = ((ix - (tmp & 0xFF800000)) & 0xFFFFFFFF).astype(np.uint32).view(np.float32).astype(np.float64)
    r = z * table[:, 0] - 1.0
    y0 = table[:, 1] + k * L.LOGF_LN2
    r2 = r * r
    y = L.LOGF_POLY[1] * r + L.LOGF_POLY[2]
    y = L.LOGF_POLY[0] * r2 + y
    out = (y * r2 + (y0 + r)).astype(np.float32)
    out[ix == 0x3f800000] = 0
    for i in np.nonzero(special)[0]:
        out[i] = L.logf_glibc1(float(x[i]))
    return out


def _log1pf_glibc_np(x):
    """The common path of L.log1pf_glibc1 on arrays (float32 numpy arithmetic rounds each step);
    the rare branches go element by element."""
    f32_ = np.float32
    hx = x.view(np.int32).astype(np.int64)
    with np.errstate(all="ignore"):
        plain = (hx < 0x3ed413d7) & ((hx > 0) | (hx <= -0x416a09e1))  # k = 0: f = x
        u = f32_(1) + x
        k = (u.view(np.int32) >> 23).astype(np.int64) - 127
        c = np.where(k > 0, f32_(1) - (u - x), x - (u - f32_(1))) / u
        hu = u.view(np.int32).astype(np.int64) & 0x007FFFFF
        upper = hu >= 0x3504f7
        k = np.where(plain, 0, k + upper)
        u = (hu | np.where(upper, 0x3f000000, 0x3f800000)).astype(np.int32).view(np.float32)
        hu = np.where(upper, (0x00800000 - hu) >> 2, hu)
        f = np.where(plain, x, u - f32_(1))
        hfsq = (f32_(0.5) * f) * f
        k_ln2_hi, k_ln2_lo = k.astype(np.float32) * L.LN2_HI_FDLIBM, k.astype(np.float32) * L.LN2_LO_FDLIBM
        s = f / (f32_(2) + f)
        z = s * s
        r = np.full_like(z, L.LOG1P_POLY[6])
        for coef in reversed(L.LOG1P_POLY[:6]):
            r = f32_(coef) + z * r
        r = z * r
        out = np.where(plain, f - (hfsq - s * (hfsq + r)),
                       k_ln2_hi - ((hfsq - (s * (hfsq + r) + (k_ln2_lo + c))) - f)).astype(np.float32)
    ax = hx & 0x7FFFFFFF
    rare = ((hx < 0x3ed413d7) & ((ax >= 0x3f800000) | (ax < 0x31000000))) | (hx >= 0x5a000000) | \
        (~plain & (hu == 0))
    for i in np.nonzero(rare)[0]:
        out[i] = L.log1pf_glibc1(float(x[i]))
    return out


def _cr_np(fn, np_fn, x):
    """numpy's float64 functions may differ from Python's math by an ulp; that matters only
    near a float32 halfway point, so those elements are redone with math."""
    if np_fn is None:
        return np.array([L.c_semantics(fn, v) for v in x.tolist()], dtype=np.float64).astype(np.float32)
    with np.errstate(all="ignore"):
        y = np_fn(x.astype(np.float64))
        out = y.astype(np.float32)
    near = np.abs((y.view(np.int64) & 0x1FFFFFFF) - 0x10000000) <= 16
    for i in np.nonzero(near & np.isfinite(y))[0]:
        out[i] = _f32(L.c_semantics(fn, float(x[i])))
    return out


def _expf_sleef(values):
    x = _as_f32(values)
    return _each(L.expf_sleef1, x) if len(x) <= _FEW else _expf_sleef_np(x)


def _logf_sleef(values):
    x = _as_f32(values)
    return _each(L.logf_sleef1, x) if len(x) <= _FEW else _logf_sleef_np(x)


_FEW = 16  # elements up to which the scalar emulation beats the array one's hundred numpy calls


def _each(scalar_fn, x):
    """The pure-Python backend's function of one float32 value on each element (the same bits)."""
    return np.array([scalar_fn(v) for v in x.tolist()], np.float32)


def _expf_glibc(values):
    return _expf_glibc_np(_as_f32(values))


def _logf_glibc(values):
    return _logf_glibc_np(_as_f32(values))


def _log1pf_glibc(values):
    return _log1pf_glibc_np(_as_f32(values))


def _sigmoid_kernel(values, row=None):
    """The vector formula (SLEEF's expf) on the elements of full vector blocks, the scalar one
    (glibc's) on the rest: each formula once over all its elements."""
    x = _as_f32(values)
    if row == 1:  # runs of one element (0-d, strided input) hold no vector block
        return np.float32(1) / (np.float32(1) + _expf_glibc_np(-x))
    vector = np.zeros(len(x), bool)
    for start, _, vstop in vector_runs(len(x), row):
        vector[start:vstop] = True
    out = np.empty(len(x), np.float32)
    for where, exp in ((vector, _expf_sleef_np), (~vector, _expf_glibc_np)):
        if where.any():
            out[where] = np.float32(1) / (np.float32(1) + exp(-x[where]))
    return out


def _sigmoid_backward(grad, output):
    g, s = _as_f32(grad), _as_f32(output)
    return (g * (np.float32(1) - s)) * s


def _tanh_backward(grad, output):
    g, y = _as_f32(grad), _as_f32(output)
    return g * _fma32_np(-y, y, np.float32(1))


def _lstm_cell_step(gx, gh, c, n, h):
    """_aten.rnn.lstm_cell_step, its operations on ndarrays: a row's gates each their own sigmoid
    (vector blocks), several rows' all gates by the scalar formula; tanh in float64 rounded once
    (the unary kernel's)."""
    gates = _as_f32(gx) + _as_f32(gh)
    if n == 1:
        si, sf, so = (_sigmoid_kernel(gates[k * h:(k + 1) * h]) for k in (0, 1, 3))
    else:
        s = (np.float32(1) / (np.float32(1) + _expf_glibc_np(-gates))).reshape(n, 4, h)
        si, sf, so = (np.ascontiguousarray(s[:, k]).reshape(-1) for k in (0, 1, 3))
    tg = np.tanh(gates.reshape(n, 4, h)[:, 2].astype(np.float64)).astype(np.float32).reshape(-1)
    cell = sf * _as_f32(c) + si * tg
    tc = np.tanh(cell.astype(np.float64)).astype(np.float32)
    return so * tc, cell, (si, sf, tg, so, tc)


def _lstm_cell_backward_step(dh, dh_more, dc, saved, c_prev, n, h):
    """_aten.rnn.lstm_cell_backward_step, its operations on ndarrays."""
    dh = _as_f32(dh) if dh_more is None else _as_f32(dh) + _as_f32(dh_more)
    si, sf, tg, so, tc = (_as_f32(part) for part in saved)
    dcell = _tanh_backward(dh * so, tc)
    if dc is not None:
        dcell = _as_f32(dc) + dcell
    dgates = np.empty((n, 4, h), np.float32)
    dgates[:, 0] = _sigmoid_backward(dcell * tg, si).reshape(n, h)
    dgates[:, 1] = _sigmoid_backward(dcell * _as_f32(c_prev), sf).reshape(n, h)
    dgates[:, 2] = _tanh_backward(dcell * si, tg).reshape(n, h)
    dgates[:, 3] = _sigmoid_backward(dh * tc, so).reshape(n, h)
    return dgates.reshape(-1), dcell * sf


def _fold_lanes_np(acc):
    """norm.fold_lanes on (rows, lanes) arrays."""
    a = [acc[:, k] for k in range(acc.shape[1])]
    if len(a) == 8:
        return ((a[0] + a[4]) + (a[2] + a[6])) + ((a[1] + a[5]) + (a[3] + a[7]))
    total = a[0]
    for v in a[1:]:
        total = total + v
    return total


def _dot_rows_np(u, v, fma):
    """norm._dot_row on every row of (rows, n) arrays at once."""
    n = u.shape[1]
    lanes = MOMENT_LANES[u.dtype.name]
    products = u * v
    if n < lanes:
        total = products[:, 0]
        for k in range(1, n):
            total = total + products[:, k]
        return total
    full = n - n % lanes
    acc = products[:, :lanes]
    for d in range(lanes, full, lanes):
        acc = acc + products[:, d:d + lanes]
    if full < n:
        acc = acc.copy()
        acc[:, :n - full] = fma(u[:, full:], v[:, full:], acc[:, :n - full])
    return _fold_lanes_np(acc)


def _layer_norm_input_grad(x, grad, mean, rstd, weight, inner, float32):
    dtype = np.float32 if float32 else np.float64
    fma = _fma32_np if float32 else _fma64_np
    xs = np.asarray(_as_ndarray(x), dtype).reshape(-1, inner)
    dys = np.asarray(_as_ndarray(grad), dtype).reshape(-1, inner)
    m, a = _as_ndarray(mean), _as_ndarray(rstd)
    w = np.broadcast_to(_as_ndarray(weight) if weight is not None else np.ones(inner, dtype), xs.shape)
    ds = _dot_rows_np(dys * xs, w, fma) if weight is not None else _dot_rows_np(dys, xs, fma)
    db = _dot_rows_np(dys, w, fma)
    scale = dtype(1) / dtype(inner)
    b = (((fma(db, m, -ds) * a) * a) * a) * scale
    c = fma(-b, m, -((db * a) * scale))
    ady = a[:, None] * dys
    return (fma(b[:, None], xs, ady if weight is None else ady * w) + c[:, None]).reshape(-1)


def _thread_sums_np(rows, chain, inner, dtype):
    """The rows' sums as torch's threads make them: each thread's rows chained from zeros by
    ``chain(start, stop, acc)``, then the threads' sums added in order."""
    total = np.zeros(inner, dtype)
    for start, stop in thread_rows(rows):
        total = total + chain(start, stop, np.zeros(inner, dtype))
    return total


def _layer_norm_weight_grad(x, grad, mean, rstd, inner, float32):
    dtype = np.float32 if float32 else np.float64
    fma = _fma32_np if float32 else _fma64_np
    xs = np.asarray(_as_ndarray(x), dtype).reshape(-1, inner)
    dys = np.asarray(_as_ndarray(grad), dtype).reshape(-1, inner)
    a = _as_ndarray(rstd)[:, None]
    normalized = fma(a, xs, -a * _as_ndarray(mean)[:, None])
    if float32:  # (each thread's chain starts from zeros, as _fma_chains does)
        return _thread_sums_np(len(xs), lambda start, stop, _: _fma_chains(dys[start:stop], normalized[start:stop]),
                               inner, dtype)

    def chain(start, stop, acc):
        for i in range(start, stop):
            acc = _fma64_np(dys[i], normalized[i], acc)
        return acc
    return _thread_sums_np(len(xs), chain, inner, dtype)


def _layer_norm_bias_grad(grad, inner, float32):
    dtype = np.float32 if float32 else np.float64
    dys = np.asarray(_as_ndarray(grad), dtype).reshape(-1, inner)
    if float32:
        return _thread_sums_np(len(dys), lambda start, stop, _: _fma_chains(dys[start:stop]), inner, dtype)
    return _thread_sums_np(len(dys), lambda start, stop, acc: np.add.accumulate(
        np.concatenate([acc[None], dys[start:stop]]), axis=0)[-1], inner, dtype)


# ---- GELU: oneDNN's kernel, ATen's vector body (SLEEF tanhf, ATen's erf) and scalar tail ----------

def _df_add2_np(xh, xl, y):
    s = xh + y
    v = s - xh
    return s, ((xh - (s - v)) + (y - v)) + xl


def _df_mul_np(xh, xl, yh, yl=np.float32(0)):
    p = xh * yh
    return p, _fma32_np(xh, yl, _fma32_np(xl, yh, _fma32_np(xh, yh, -p)))


def _ldexp2_np(d, q):
    half = q >> 1
    return (d * np.ldexp(np.float32(1), half).astype(np.float32)) * np.ldexp(np.float32(1), q - half).astype(np.float32)


def _tanhf_sleef_np(x):
    """L.tanhf_sleef1 on an array, step for step."""
    f = np.float32
    y = np.abs(x)
    q = np.clip(np.rint(y * f(L.TANH_R_LN2)), -300, 300).astype(np.int32)  # beyond, the result is +-1 anyway
    qf = q.astype(f)
    sh, sl = _df_add2_np(y, f(0), qf * -f(L.TANH_L2U))
    sh, sl = _df_add2_np(sh, sl, qf * -f(L.TANH_L2L))
    u = np.full(x.shape, L.TANH_EXP_POLY[0], f)
    for coef in L.TANH_EXP_POLY[1:]:
        u = _fma32_np(u, sh, f(coef))
    th, tl = _df_add2_np(*_df_mul_np(sh, sl, u), f(L.TANH_C6))
    th, tl = _df_add2_np(*_df_mul_np(sh, sl, th, tl), f(0.5))
    qh = sh * sh
    ph, pl = _df_mul_np(qh, _fma32_np(sh + sh, sl, _fma32_np(sh, sh, -qh)), th, tl)
    s = sh + ph
    v = s - sh
    th, tl = s, ((sh - (s - v)) + (ph - v)) + (sl + pl)
    s = f(1) + th
    dh, dl = _ldexp2_np(s, q), _ldexp2_np(((f(1) - s) + th) + tl, q)
    eh = f(1) / dh
    el = eh * _fma32_np(-dl, eh, _fma32_np(-dh, eh, f(1)))
    nh = dh - eh
    nl = (((dh - nh) - eh) + dl) - el
    ah = dh + eh
    al = (((dh - ah) + eh) + dl) + el
    t = f(1) / ah
    qx = nh * t
    r = qx + _fma32_np(qx, _fma32_np(-al, t, _fma32_np(-ah, t, f(1))), _fma32_np(nl, t, _fma32_np(t, nh, -qx)))
    r = np.copysign(np.where((y > f(L.TANH_ONE_BOUND)) | np.isnan(r), f(1), r), x)
    return np.where(np.isnan(x), x, r)


_GELU_POLY = np.array(L.GELU_ERF_POLY, np.float32)


def _xor_sign_np(v, x):
    return np.where(np.signbit(x), -v, v)


def _gelu_onednn_np(x):
    f = np.float32
    ax = np.abs(x)
    i = ((ax.view(np.int32).astype(np.int64) + L.GELU_ERF_IDX_BIAS) & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
    i = np.clip(i >> 21, 1, 24)
    i[f(L.GELU_ERF_RBOUND) < ax] = 23
    p = _GELU_POLY[5][i]
    for degree in range(4, -1, -1):
        p = _fma32_np(p, ax, _GELU_POLY[degree][i])
    return (x * (_xor_sign_np(p, x) + f(1))) * f(0.5)


def _expf_onednn_np(x):
    f = np.float32
    low = x < f(L.ONEDNN_LN_FLT_MIN)
    x = np.where(x < f(L.ONEDNN_LN_FLT_MAX), x, f(L.ONEDNN_LN_FLT_MAX))  # vminps/vmaxps: NaN gives the bound
    x = np.where(x > f(L.ONEDNN_LN_FLT_MIN), x, f(L.ONEDNN_LN_FLT_MIN))
    n = np.floor(x * f(L.LOG2E_F) + f(0.5))
    r = _fma32_np(-n, f(L.ONEDNN_LN2), x)
    p = np.full(x.shape, L.ONEDNN_EXP_POLY[4], f)
    for coef in (L.ONEDNN_EXP_POLY[3], L.ONEDNN_EXP_POLY[2], L.ONEDNN_EXP_POLY[1], L.ONEDNN_EXP_POLY[0], 1.0):
        p = _fma32_np(p, r, f(coef))
    e = n.astype(np.int64) - 1 + 127  # 2^(n-1) from its exponent field (0 gives 0)
    scale = ((np.maximum(e, 0) << 23) & 0xFFFFFFFF).astype(np.uint32).view(f)
    return np.where(low, f(0), (p * scale) * f(2))


def _as_erf_np(v, t):
    """Abramowitz-Stegun's erf polynomial in t = 1 / (1 + p|v|)."""
    p = np.full(v.shape, L.AS_ERF_POLY[4], np.float32)
    for coef in reversed(L.AS_ERF_POLY[:4]):
        p = _fma32_np(p, t, np.float32(coef))
    return p


def _gelu_onednn_derivative_np(x):
    f = np.float32
    r = x * f(L.INV_SQRT2_F)
    q = _expf_onednn_np(-(r * r))
    t = (r * f(L.INV_SQRTPI_F)) * q
    w = f(1) / _fma32_np(f(L.AS_ERF_P), np.abs(r), f(1))
    erf = _xor_sign_np(_fma32_np(-q * w, _as_erf_np(r, w), f(1)), r)
    return _fma32_np(erf, f(0.5), t + f(0.5))


def _erf_vec_np(v):
    f = np.float32
    t = f(1) / _fma32_np(f(L.AS_ERF_P), np.abs(v), f(1))
    e = _expf_sleef_np(-(v * v))
    return _xor_sign_np(_fma32_np(-e * t, _as_erf_np(v, t), f(1)), v)


def _gelu_tanh_inner_np(x):
    return np.float32(L.GELU_BETA) * _fma32_np(np.float32(L.GELU_KAPPA), (x * x) * x, x)


def _gelu_vector_np(x, approximate):
    f = np.float32
    if approximate == "none":
        return (x * f(0.5)) * (f(1) + _erf_vec_np(x * f(L.GELU_ALPHA)))
    return (f(0.5) * x) * (f(1) + _tanhf_sleef_np(_gelu_tanh_inner_np(x)))


def _gelu_grad_vector_np(g, x, approximate):
    f = np.float32
    if approximate == "none":
        cdf = f(0.5) * (f(1) + _erf_vec_np(x * f(L.GELU_ALPHA)))
        return g * _fma32_np(x, f(L.GELU_PDF) * _expf_sleef_np((x * x) * f(-0.5)), cdf)
    t = _tanhf_sleef_np(_gelu_tanh_inner_np(x))
    inner_derivative = f(L.GELU_BETA) * _fma32_np(f(L.GELU_THREE_KAPPA), x * x, f(1))
    return g * (f(0.5) * (f(1) + t) + ((f(0.5) * x) * _fma32_np(-t, t, f(1))) * inner_derivative)


def _vector_mask(n, row, runs):
    vector = np.zeros(n, bool)
    if row != 1:  # runs of one element (0-d, strided input) hold no vector block
        for start, _, vstop in runs:
            vector[start:vstop] = True
    return vector


def _one_nan_np(out):
    """special._one_nan: every NaN the positive quiet NaN."""
    out[np.isnan(out)] = np.nan
    return out


def _gelu_kernel(values, approximate, onednn, row=None):
    x = _as_f32(values)
    if onednn:
        return _one_nan_np(_gelu_onednn_np(x))
    vector = _vector_mask(len(x), row, L.gelu_runs(len(x), row, True))
    out = np.empty(len(x), np.float32)
    out[vector] = _gelu_vector_np(x[vector], approximate)
    scalar = L.GELU_FORMULAS[approximate, True][1]
    out[~vector] = [scalar(v) for v in x[~vector].tolist()]
    return _one_nan_np(out)


def _gelu_backward_kernel(grad, values, approximate, onednn, row=None):
    g, x = _as_f32(grad), _as_f32(values)
    if onednn:
        return _one_nan_np(g * _gelu_onednn_derivative_np(x))
    vector = _vector_mask(len(x), row, L.gelu_runs(len(x), row, False))
    out = np.empty(len(x), np.float32)
    out[vector] = _gelu_grad_vector_np(g[vector], x[vector], approximate)
    scalar = L.GELU_FORMULAS[approximate, False][1]
    out[~vector] = [scalar(a, b) for a, b in zip(g[~vector].tolist(), x[~vector].tolist())]
    return _one_nan_np(out)


# ---- layer norm: RowwiseMoments on (rows, lanes) blocks, then one fused step per element --------

class _RowColumns:
    """rowwise_moments' column ops on arrays: a block is (rows, lanes), a column (rows,)."""

    def __init__(self, x, n_cols, fma):
        self.x = x.reshape(-1, n_cols) if n_cols else x.reshape(0, 1)
        self.dtype = x.dtype.type
        self.lanes = MOMENT_LANES[x.dtype.name]
        self.scalar = self.dtype
        self._fma = fma

    def block(self, j):
        return self.x[:, j * self.lanes:(j + 1) * self.lanes]

    def column(self, i):
        return self.x[:, i]

    def zeros(self):
        return np.zeros((len(self.x), self.lanes), self.dtype)

    def lane(self, m, k):
        return m[:, k]

    def add(self, a, b):
        return a + b

    def sub(self, a, b):
        return a - b

    def mul(self, a, b):
        return a * b

    def scale(self, a, s):
        return a * self.dtype(s)

    def divide(self, a, s):
        return a / self.dtype(s)

    def fma(self, a, b, c):
        """float32: a product by a power of two (Welford's and the lane merges' halving steps, the
        counts 8, 16, 32) has the other factor's 24 bits, and the float64 sum of two such numbers
        is exact or too far from a float32 halfway point to round wrong (as in _fma32_np): one
        rounding, nothing to check."""
        if self.dtype is np.float32 and (_power_of_two(a) or _power_of_two(b)):
            return np.add(np.multiply(a, b, dtype=np.float64), c).astype(np.float32)
        return self._fma(a, b, c)


def _power_of_two(v):
    """Whether v is a number (not an array) that is a power of two or minus one."""
    return v.__class__ is not np.ndarray and abs(math.frexp(v)[0]) == 0.5


def _layer_norm_stats(flat, inner, eps, float32):
    dtype = np.float32 if float32 else np.float64
    x = np.asarray(_as_ndarray(flat), dtype)
    if float32 and (x.size // inner if inner else 0) * MOMENT_LANES["float32"] <= _DEFERRED_SIZE:  # its (rows, lanes) steps
        fma = _DeferredFma32()
        mean, var = rowwise_moments(inner, _RowColumns(x, inner, fma))
        if not fma.rounded_right():
            mean, var = rowwise_moments(inner, _RowColumns(x, inner, _fma32_np))
    else:
        mean, var = rowwise_moments(inner, _RowColumns(x, inner, _fma32_np if float32 else _fma64_np))
    return mean, dtype(1) / np.sqrt(var + dtype(eps))


def _layer_norm_output(flat, inner, mean, rstd, weight, bias, float32):
    dtype = np.float32 if float32 else np.float64
    fma = _fma32_np if float32 else _fma64_np
    centered = np.asarray(_as_ndarray(flat), dtype).reshape(-1, inner) - _as_ndarray(mean)[:, None]
    rstd = _as_ndarray(rstd)[:, None]
    if weight is None and bias is None:
        out = centered * rstd
    elif weight is None:
        out = fma(centered, rstd, _as_ndarray(bias))
    else:
        out = fma(centered * rstd, _as_ndarray(weight), _as_ndarray(bias) if bias is not None else dtype(0))
    return out.reshape(-1)


_CR = {"exp": np.exp, "log": np.log, "log2": np.log2, "log10": np.log10, "log1p": np.log1p, "expm1": np.expm1,
       "exp2": np.exp2, "sqrt": np.sqrt, "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin,
       "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh}


def _correctly_rounded(name, fn, values):
    return _cr_np(fn, _CR.get(name), _as_f32(values))


# ---- reduce: the sum cascade on arrays, var, norm, scans -----------------------------------------

def _summed_in_order(items):
    """0.0 + items[0] + items[1] + ... strictly in order, each add rounded (items of any shape): the
    rows of one C-contiguous block added one after another, one call for every column."""
    columns = items.shape[1:]
    if not len(items):
        return np.zeros(columns, items.dtype)
    return _rows_added_in_order(np.ascontiguousarray(items).reshape(len(items), -1), from_zero=True).reshape(columns)


class _NumpyOps:
    @staticmethod
    def block_sums(items, nblocks, size):
        if not nblocks:  # (the upper levels of a short cascade)
            return np.zeros((0,) + items.shape[1:], np.float32)
        return _summed_in_order(items[:nblocks * size].reshape((nblocks, size) + items.shape[1:]).swapaxes(0, 1))

    @staticmethod
    def seq(items):
        return _summed_in_order(items)

    @staticmethod
    def add(a, b):
        return a + b

    @staticmethod
    def quartets(items, groups):
        return items[:4 * groups].reshape((groups, 4) + items.shape[1:])


def _inner_sum_np(rows):
    """_inner_sum of every row of a 2-D float32 array at once: as reduce.py's, the four cascades of
    each of the 8 lanes are the 32 columns of one cascade over the rows' 32-wide blocks."""
    nrows, n = rows.shape
    end = n // SUM_LANES * SUM_LANES
    wide = 4 * SUM_LANES
    groups = n // wide
    parts = cascade(rows[:, :groups * wide].reshape(nrows, groups, wide).swapaxes(0, 1), groups, _NumpyOps)
    p = parts.reshape(nrows, 4, SUM_LANES)
    leftovers = rows[:, groups * wide:end].reshape(nrows, -1, SUM_LANES).swapaxes(0, 1)
    lanes = ((_added_in_order(p[:, 0].copy(), leftovers) + p[:, 1]) + p[:, 2]) + p[:, 3]
    return _added_in_order(np.zeros(nrows, np.float32), np.concatenate([rows[:, end:], lanes], axis=1).T)


def _sum_batch_np(x, out_offs, strides2d):
    """One kernel call per leading index of x (shape (calls, n1, n0)): results and output indices."""
    s0, s1, o0, o1 = strides2d
    if o0 != 0 and o1 == 0:
        x = x.transpose(0, 2, 1)
        s0, s1, o0, o1 = s1, s0, o1, o0
    ncalls, n1, n0 = x.shape
    if o0 != 0:
        idx = out_offs[:, None, None] + np.arange(n1)[None, :, None] * o1 + np.arange(n0)[None, None, :] * o0
        return x, idx
    return _column_sums(x.transpose(2, 0, 1), s0, s1), out_offs[:, None] + np.arange(n1)[None, :] * o1


def _column_sums(items, s0, s1):
    """The sums of a kernel call's n1 columns of n0 elements (items: (n0, ..., n1), one such call
    per middle index) by the rule column_rules gives each column; s0, s1: the elements' and the
    columns' strides in the input."""
    n0, n1 = items.shape[0], items.shape[-1]
    result = np.empty(items.shape[1:], np.float32)
    for rule, lo, hi in column_rules(n0, n1, s0, s1):
        if lo == hi:
            continue
        block = items[..., lo:hi]
        if rule == "inner":
            result[..., lo:hi] = _inner_sum_np(np.moveaxis(block, 0, -1).reshape(-1, n0)).reshape(block.shape[1:])
        else:
            result[..., lo:hi] = (cascade if rule == "cascade" else rowsum)(block, n0, _NumpyOps)
    return result


def _serial_batch_np(values, offset, plan):
    """All kernel calls of a serial run as one (calls, n1, n0) array, and their output offsets."""
    sizes, ins, outs = plan.sizes, plan.in_strides, plan.out_strides
    n0 = sizes[0]
    n1 = sizes[1] if len(sizes) > 1 else 1
    s1 = ins[1] if len(sizes) > 1 else 0
    outer = sizes[2:][::-1]
    item = values.itemsize
    # (the constructor, not as_strided: a tenth of the cost; it bounds-checks the region itself)
    view = np.ndarray(tuple(outer) + (n1, n0), values.dtype, values, offset * item,
                      tuple(s * item for s in ins[2:][::-1]) + (s1 * item, ins[0] * item))
    out_offs = np.zeros(1, np.int64)
    for size, stride in zip(outer, outs[2:][::-1]):
        out_offs = (out_offs[:, None] + np.arange(size)[None, :] * stride).reshape(-1)
    return view.reshape(-1, n1, n0), out_offs


def _gather_call_np(values, base, call, strides2d):
    in_off, out_off, n0, n1 = call
    s0, s1 = strides2d[0], strides2d[1]
    idx = base + in_off + np.arange(n1)[:, None] * s1 + np.arange(n0)[None, :] * s0
    return values[idx][None], np.array([out_off], np.int64)


def _norm_lastdim_np(rows):
    nrows, n = rows.shape
    end = n // SUM_LANES * SUM_LANES
    acc = np.zeros((nrows, SUM_LANES), np.float32)
    for b in range(0, end, SUM_LANES):
        block = rows[:, b:b + SUM_LANES]
        acc = acc + block * block
    s = acc[:, 0].copy()
    for lane in range(1, SUM_LANES):
        s = s + acc[:, lane]
    i = end
    while n - i >= 4:
        for k in range(i, i + 4):
            s = s + rows[:, k] * rows[:, k]
        i += 4
    for k in range(i, n):
        s = _fma32_np(rows[:, k], rows[:, k], s)
    return np.sqrt(s)


def _sum_range(values, offset, plan, out, begin, end, serial):
    values = _as_f32(values)  # a 0-d tensor's one-element array.array too
    strides2d = plan.strides2d()
    s0, s1, o0, o1 = strides2d
    if serial and len(plan.sizes) == 2 and o0 == 0 and o1 == 1:
        # one kernel call whose outputs are out's elements in order (a bias's gradient over a batch)
        item = values.itemsize
        view = np.ndarray(tuple(plan.sizes), values.dtype, values, offset * item, (s0 * item, s1 * item))
        np.add(out, _column_sums(view, s0, s1), out=out)  # (as np.add.at below: out's 0.0 plus each sum)
        return
    if serial:
        batches = [_serial_batch_np(values, offset, plan)]
    else:
        batches = [_gather_call_np(values, offset, c, strides2d) for c in plan.calls(begin, end)]
    for x, out_offs in batches:
        r, idx = _sum_batch_np(x, out_offs, strides2d)
        np.add.at(out, idx.reshape(-1), r.reshape(-1))  # in call order, rounding each add


def _divide_all(total, count):
    return total / np.float32(count)


def _var_welford(values, offset, rows, inner, out_numel, correction, take_sqrt):
    values = _as_f32(values)
    out_idx = np.array([o for o, _ in rows], np.int64)
    # (reduced elements, outputs): one row per Welford step
    x = values[offset + np.array([p for _, p in rows])[None, :] + np.array(inner)[:, None]].astype(np.float64)
    mean_, m2 = np.zeros(len(rows)), np.zeros(len(rows))
    for count, column in enumerate(x, 1):
        d = column - mean_
        mean_ = mean_ + d / count
        m2 = m2 + d * (column - mean_)
    result = _finish_var_np(m2, len(inner) - correction, take_sqrt)
    final = np.empty(out_numel, np.float32)
    final[out_idx] = result
    return final


def _finish_var_np(m2, divisor, take_sqrt):
    """_common.finish_var of every float64 sum of squared deviations in m2."""
    if divisor <= 0:
        var = np.where((m2 == 0) | np.isnan(m2), np.nan, np.inf)
    else:
        var = m2 / float(divisor)
    return (np.sqrt(var) if take_sqrt else var).astype(np.float32)


def _norm_lastdim(values, offset, rows, n, out):
    values = _as_f32(values)
    starts = offset + np.array([p for _, p in rows], np.int64)
    out[np.array([o for o, _ in rows], np.int64)] = _norm_lastdim_np(values[starts[:, None] + np.arange(n)[None, :]])


def _scan(values, shape, dim, multiply):
    x = np.asarray(values, np.float64).reshape(shape)
    if multiply:
        return np.multiply.accumulate(x, axis=dim).astype(np.float32).reshape(-1)
    return (np.add.accumulate(x, axis=dim) + 0.0).astype(np.float32).reshape(-1)  # + 0.: the sum starts from 0


# ---- linalg: the matrix product's rules on arrays ------------------------------------------------
# x is (m, k); w is (n, k) (rows of the second operand's transpose, possibly a view). Rule F also
# takes a stack of products: x (batch, m, k), w (batch, n, k).

def _mm_rule(a, b, m, k, n, bias, b_transposed, rule):
    x = _as_f32(a).reshape(m, k)
    w = _as_f32(b).reshape(n, k) if b_transposed else _as_f32(b).reshape(k, n).T
    bias_np = None if bias is None else _as_f32(bias)
    return _mm_np(x, w, bias_np, rule).reshape(-1)


def _bmm_rule(a, b, batch, m, k, n, rule):
    x = _as_f32(a).reshape(batch, m, k)
    w = _as_f32(b).reshape(batch, k, n).transpose(0, 2, 1)
    if rule == "F":  # the whole stack in each step
        return _rule_f_np(x, w, None).reshape(-1)
    return _joined([_mm_np(x[i], w[i], None, rule).reshape(-1) for i in range(batch)])


def _joined(parts):
    return np.concatenate(parts) if parts else np.zeros(0, np.float32)


def _mm_np(x, w, bias, rule):
    m, k = x.shape
    n = w.shape[0]
    if rule == "F":
        return _rule_f_np(x, w, bias)
    if rule == "N":
        c = _rule_n_np(x, w)
    else:
        split = n // 4 * 4 if rule == "D" else n
        c = np.concatenate([_rule_d_np(x, w[:split], 4), _rule_d_np(x, w[split:], 8)], axis=1)
    if bias is not None:
        c = c + bias[None, :]
    return c


def _rule_n_np(x, w):
    """Rule N: float32 products added one by one from 0."""
    return _matmul_in_order(x, w.T)


def _rule_f_np(x, w, bias):
    return _rule_f(x, w, bias, *(_blas_rule_f() or (1, 0)))


def _rule_f_exact(x, w, bias):
    """Rule F by definition: one exact float32 fma per k-step, vectorised over the outputs."""
    return _rule_f(x, w, bias, 1, 0)


# numpy's float32 matmul calls OpenBLAS sgemm, whose kernels keep fused running sums per output
# over k, from 0. On AVX-512 (SkylakeX) there is one: rule F's steps exactly, at BLAS speed. On
# Haswell/Zen there are two, for the even and the odd k-steps, added at the end: with every
# product followed by a zero one (``spread`` 2) the odd sum stays +0 and the even one is rule F's,
# while the spread steps fit one of the kernel's k-chunks (320: 160 steps). A longer block's
# remaining steps are exact fmas from there. The edge kernels (the last n mod 16 columns) sum in
# other orders, so columns are padded with zeros to a whole number of panels, and one row to two
# (a single row goes to sgemv). Whether this holds depends on the BLAS numpy was built with and
# the kernel it picks for this CPU (OPENBLAS_CORETYPE), so it is checked once against the exact
# emulation.
_BLAS_PANEL = 16
_BLAS_PLANS = ((1, 192), (2, 160))  # (spread, the steps of a block that BLAS may take)


def _rule_f(x, w, bias, spread, longest):
    """Rule F's k-blocks added up, each block's first ``longest`` steps through BLAS."""
    k = x.shape[-1]
    shape = x.shape[:-1] + w.shape[-2:-1]  # (..., m, n)
    c = None if bias is None else np.broadcast_to(bias, shape).astype(np.float32)
    for lo, hi in f_blocks(k):
        mid = min(hi, lo + longest)
        t = _blas_steps(x, w, lo, mid, spread) if mid > lo else np.zeros(shape, np.float32)
        if mid < hi:
            t = _blas_carried(x, w, t, mid, hi, spread, longest)
        c = t if c is None else c + t
    return c


def _blas_steps(x, w, lo, hi, spread):
    """The running sums of k-steps lo..hi from 0, by sgemm (numpy's matmul of a stack: one sgemm
    per product, of the shape a single product's call has; w's steps as the transpose of a
    row-major array, which sgemm packs as it packs the plain layout)."""
    m, n = x.shape[-2], w.shape[-2]
    xs = _spread_steps(x, lo, hi, max(m, 2), spread)
    ws = _spread_steps(w, lo, hi, n + -n % _BLAS_PANEL, spread)
    return np.matmul(xs, ws.swapaxes(-1, -2))[..., :m, :n]


_SPREAD_TYPES = {1: np.float32, 2: np.complex64}  # a float32 and spread - 1 zeros, as one element


def _spread_steps(v, lo, hi, rows, spread):
    """Columns lo..hi of v (..., r, k), each followed by spread - 1 zero columns, as a new
    row-major float32 array of ``rows`` rows (zero rows after v's): a cast to the type whose
    element is a float32 and its zeros (float32 to complex64 keeps the bits)."""
    element = _SPREAD_TYPES[spread]
    if rows == v.shape[-2]:
        out = v[..., lo:hi].astype(element, order="C")
    else:
        out = np.zeros(v.shape[:-2] + (rows, hi - lo), element)
        out[..., :v.shape[-2], :] = v[..., lo:hi]
    return out.view(np.float32)


def _blas_carried(x, w, t, lo, hi, spread, longest):
    """The running sums t continued over k-steps lo..hi by sgemm, a panel of columns a call: the
    panel's sums enter the call's running sums first, as steps t·1 into their own column and t·0
    into the others (which add nothing while t is finite and not -0; otherwise the exact fma steps
    run), all within the plan's steps."""
    m, n = t.shape[-2:]
    steps = hi - lo
    width = (longest - steps) // _BLAS_PANEL * _BLAS_PANEL
    if width <= 0 or not np.isfinite(t).all() or (t.view(np.int32) == np.int32(-2 ** 31)).any():  # -0
        return _fma_steps(x, w, t, lo, hi)
    element = _SPREAD_TYPES[spread]  # (as in _blas_steps)
    out = np.empty(t.shape, np.float32)
    for first in range(0, n, width):
        cols = min(n - first, width)
        carry = cols + -cols % _BLAS_PANEL
        xs = np.zeros(t.shape[:-2] + (max(m, 2), carry + steps), element)
        xs[..., :m, :cols] = t[..., first:first + cols]
        xs[..., :m, carry:] = x[..., lo:hi]
        ws = np.zeros(t.shape[:-2] + (carry, carry + steps), element)
        ws[..., np.arange(cols), np.arange(cols)] = 1
        ws[..., :cols, carry:] = w[..., first:first + cols, lo:hi]
        product = np.matmul(xs.view(np.float32), ws.view(np.float32).swapaxes(-1, -2))
        out[..., first:first + cols] = product[..., :m, :cols]
    return out


def _fma_steps(x, w, t, lo, hi):
    """The running sums t continued over k-steps lo..hi, one exact float32 fma each."""
    x64 = x[..., lo:hi].astype(np.float64)
    w64 = w[..., lo:hi].astype(np.float64)
    s = np.empty(t.shape, np.float64)
    low = np.empty(t.shape, np.int64)
    halfway = np.empty(t.shape, bool)
    for step, kk in enumerate(range(lo, hi)):
        np.multiply(x64[..., :, step, None], w64[..., None, :, step], out=s)
        np.add(s, t, out=s)  # exact product + t, one float64 rounding
        np.bitwise_and(s.view(np.int64), 0x1FFFFFFF, out=low)
        np.equal(low, 0x10000000, out=halfway)
        new_t = s.astype(np.float32)
        if halfway.any():  # a float32 halfway point: redo those with the exact fma
            where = np.nonzero(halfway)  # (..., row, column)
            new_t[where] = _fma32_np(x[where[:-1] + (kk,)], w[where[:-2] + (where[-1], kk)], t[where])
        t = new_t
    return t


def _fma_chains(a, b=None):
    """acc = fma32(a[i], b[i], acc) from +0 for i in order, for each column of the float32 (k, cols)
    arrays a and b; without b, acc + a[i], each add rounded (rule N's and the D lanes' sums: an
    fma by 1). Through sgemm where _rule_f's plan holds: each panel of columns as one small
    product whose diagonal is their chains (the other outputs are wasted, a panel's width at
    most). Else, or for sums too few to pay for that, in numpy."""
    k, cols = a.shape
    plan = _blas_rule_f() if k and cols and (b is not None or k * cols >= _SUMS_VIA_BLAS) else None
    if plan is None and b is None:  # (accumulate may lay its result out in columns)
        return np.ascontiguousarray(np.add.accumulate(np.concatenate([np.zeros((1, cols), np.float32), a]),
                                                      axis=0)[-1])
    if plan is None:
        return _fma32_chain(np.multiply(a, b, dtype=np.float64), np.zeros(cols, np.float32))
    spread, longest = plan
    groups = -(-cols // _BLAS_PANEL)
    x, w = (np.zeros((k, groups * _BLAS_PANEL), np.float32) for _ in range(2))
    x[:, :cols] = a
    w[:, :cols] = 1 if b is None else b
    x, w = (v.reshape(k, groups, _BLAS_PANEL).transpose(1, 2, 0) for v in (x, w))  # (panel, column, k)
    hi = min(k, longest)
    t = _blas_steps(x, w, 0, hi, spread)
    while hi < k:  # continued within the plan's steps, a panel's columns carried in
        lo, hi = hi, min(k, hi + longest - _BLAS_PANEL)
        t = _blas_carried(x, w, t, lo, hi, spread, longest)
    return np.diagonal(t, axis1=1, axis2=2).reshape(-1)[:cols]


_SUMS_VIA_BLAS = 8192  # sum steps (k times columns) from which sgemm beats np.add.accumulate


_blas_verdict = []


def _check_values(rows, cols, seed, scaled=True):
    """Float32 values in (-1, 1), the rows scaled by 1e-3, 1 and 1e3 in turn, for the BLAS checks.
    Not from numpy.random: the same values whatever a run did to numpy's generators, as the checks
    may run in any run."""
    i = np.arange(rows * cols, dtype=np.float64).reshape(rows, cols)
    noise = np.sin(i * 12.9898 + seed * 78.233) * 43758.5453
    values = (noise - np.floor(noise)) * 2 - 1
    return (values * (np.array([1e-3, 1.0, 1e3])[np.arange(rows) % 3, None] if scaled else values)).astype(np.float32)


def _blas_rule_f():
    """(spread, steps) of the first plan with which _rule_f gives _rule_f_exact's bits here, or
    None. Checked once per process (~20 ms) on shapes that reach the edge cases: one k-block and
    two of the plan's steps, a longer block, leftover rows and columns, one row, one column."""
    if not _blas_verdict:
        _blas_verdict.append(next((plan for plan in _BLAS_PLANS if _blas_gives_rule_f(*plan)), None))
    return _blas_verdict[0]


def _blas_gives_rule_f(spread, longest):
    for batch, m, k, n in ((1, 4, 1, 12), (1, 13, longest, 45), (1, 9, 2 * longest, 16), (3, 8, 192, 20),
                           (1, 6, 192, 150), (1, 6, 70, 33), (1, 1, 64, 16), (1, 5, 7, 1)):
        x = _check_values(batch * m, k, 1).reshape(batch, m, k)[0 if batch == 1 else slice(None)]
        w = _check_values(batch * n, k, 2, scaled=False).reshape(batch, n, k)[0 if batch == 1 else slice(None)]
        bias = _check_values(1, n, 3, scaled=False)[0] if k == 70 else None
        if not np.array_equal(_rule_f(x, w, bias, spread, longest).view(np.int32),
                              _rule_f_exact(x, w, bias).view(np.int32)):
            return False
    return True


def _rule_d_np(x, w, width):
    m, k = x.shape
    n = w.shape[0]
    steps = k // width
    xs = x[:, :steps * width].reshape(m, steps, width).transpose(1, 2, 0)  # (step, lane, row)
    ws = w[:, :steps * width].reshape(n, steps, width).transpose(1, 2, 0)  # (step, lane, column)
    lanes = _products_in_order(xs, ws)  # each lane's products added in order
    if width == 8:
        lanes = lanes[:4] + lanes[4:]
    r = (lanes[0] + lanes[2]) + (lanes[1] + lanes[3])
    for kk in range(steps * width, k):
        r = r + np.multiply.outer(x[:, kk], w[:, kk])
    return r


# ---- loss: the softmax family -------------------------------------------------------------------

def _lanesum_np(e):
    """_lanesum of every row of a 2-D float32 array."""
    n = e.shape[1]
    if n < LANES:
        acc = e[:, 0].copy()
        for i in range(1, n):
            acc = acc + e[:, i]
        return acc
    acc = e[:, :LANES].copy()
    full = n // LANES * LANES
    for b in range(LANES, full, LANES):
        acc = acc + e[:, b:b + LANES]
    rest = n - full
    acc[:, :rest] = acc[:, :rest] + e[:, full:]
    half = LANES // 2
    while half:
        acc = acc[:, :half] + acc[:, half:2 * half]
        half //= 2
    return acc[:, 0]


def _softmax_lastdim(values, n, log):
    x = _as_f32(values).reshape(-1, n)
    d = x - x.max(axis=1, keepdims=True)
    e = _expf_sleef(d.reshape(-1)).reshape(d.shape)
    total = _lanesum_np(e)
    if log:
        return (d - _logf_sleef(total)[:, None]).reshape(-1)
    return (e * (np.float32(1) / total)[:, None]).reshape(-1)


def _softmax_otherdim(values, outer, size, inner, vector, log):
    x = _as_f32(values).reshape(outer, size, inner).transpose(0, 2, 1).reshape(-1, size)
    mask = np.array(vector, bool)
    m = x.max(axis=1, keepdims=True)
    d = x - m
    e = np.empty_like(d)
    e[mask] = _expf_sleef(d[mask].reshape(-1)).reshape(-1, size)
    e[~mask] = _expf_glibc(d[~mask].reshape(-1)).reshape(-1, size)
    total = np.zeros(len(x), np.float32)
    for i in range(size):
        total = total + e[:, i]
    if log:
        out = d - _logf_sleef(total)[:, None]
    else:
        out = e / total[:, None]
    return out.reshape(outer, inner, size).transpose(0, 2, 1).reshape(-1)


def _log_softmax_backward_lastdim(grad, output, n):
    g = _as_f32(grad).reshape(-1, n)
    e = _expf_sleef(_as_f32(output)).reshape(-1, n)
    return _fma32_np(-e, _lanesum_np(g)[:, None], g).reshape(-1)


def _squared_difference(a, b):
    d = _as_f32(a) - _as_f32(b)
    return d * d


def _bce_terms(p, y):
    pv, yv = _as_f32(p), _as_f32(y)
    log1m = np.maximum(_log1pf_glibc(-pv), np.float32(-100))
    logp = np.maximum(_logf_glibc(pv), np.float32(-100))
    return (yv - np.float32(1)) * log1m - yv * logp


# ---- the layer loops: the same float64 operations in the same order per element ---------------

def _f64(buf):
    return _as_ndarray(buf).astype(np.float64)


def _window_taps(spatial, out, kernel, stride, padding, dilation):
    """(pads, taps) of a sliding window: the padding that puts input position o*st - p + k*d of
    each dim at index o*st + k*d, and per kernel offset (row-major) the slices of the padded
    array that hold its input position for every output position."""
    pads = [(p, max(0, (o - 1) * st + (k - 1) * d + 1 - s - p))
            for s, o, k, st, p, d in zip(spatial, out, kernel, stride, padding, dilation)]
    taps = [tuple(slice(kk * d, kk * d + (o - 1) * st + 1, st) for kk, o, st, d in zip(k, out, stride, dilation))
            for k in np.ndindex(*kernel)]
    return pads, taps


# ---- float64 sums of exact products, one term at a time, through BLAS --------------------------
# OpenBLAS's dgemm kernels keep one fused running sum per output over k, from 0, for up to one
# k-chunk of steps (256 on Haswell). When every product is exact in float64 (float32 operands) a
# fused step adds exactly what a separate one adds, so a chunk is the loop's sums in its order. A
# longer run continues from the sums so far: the next call's first steps carry them in, one step
# per output column (t*1 into its own column, t*0 = 0 into the others, which changes no sum: a sum
# from +0 is never -0). Edge rows and columns are padded to whole panels (an odd row is summed in
# another order, a single one by gemv). Checked once against the loop; else the loops below run.
_DGEMM_PANEL = 8
_DGEMM_STEPS = (256, 128)  # k-steps one call may take, tried in turn
_CHAIN_COLUMNS = 64  # wider products go in column blocks, so a call keeps steps for new terms


def _chain(t, terms, b, steps, k_dims=1):
    """t (m, n; None: zeros) continued by terms[k] * b[k, :] for each k in order, each term added
    on its own. ``terms``: (*k, *rows), its first k_dims dims the steps, the others the m rows,
    both row-major; a strided view of any float dtype will do: each call's steps are copied
    straight into the call's operand, widened, whole terms[i] at a time where they fit."""
    k, m = math.prod(terms.shape[:k_dims]), math.prod(terms.shape[k_dims:])
    n = b.shape[1]
    if n > _CHAIN_COLUMNS:
        blocks = range(0, n, _CHAIN_COLUMNS)
        return np.concatenate([_chain(None if t is None else t[:, lo:lo + _CHAIN_COLUMNS], terms,
                                      b[:, lo:lo + _CHAIN_COLUMNS], steps, k_dims) for lo in blocks], 1)
    width = n + -n % _DGEMM_PANEL
    unit = math.prod(terms.shape[1:k_dims])
    if (steps - width) // unit * unit < (steps - width) * 3 // 4:  # whole terms[i] would leave calls short
        terms, unit = terms.reshape((k,) + terms.shape[k_dims:]), 1  # (a copy: any number of steps per call)
    # One operand pair for all the calls, k-major: [sums so far ; next steps' terms] and
    # [identity, next columns of b.T]; rows and columns past the terms' and b's stay zero (whole
    # panels). Each call multiplies leading blocks: b.T @ terms, the sums transposed.
    ops = np.zeros((min(steps, k + (0 if t is None else width)), m + -m % _DGEMM_PANEL))
    bt = np.zeros((width, len(ops)))
    carried = None
    if t is not None:
        carried = np.zeros((width, ops.shape[1]))
        carried[:n, :m] = t.T
    at = 0
    while at < k or carried is None:
        carry = 0 if carried is None else width
        take = min(k - at, (steps - carry) // unit * unit)
        if carry:
            ops[:carry] = carried
            bt[:, :carry] = np.eye(width)
        np.reshape(ops[carry:carry + take, :m], (take // unit,) + terms.shape[1:], copy=False)[...] = \
            terms[at // unit:(at + take) // unit]
        bt[:n, carry:carry + take] = b[at:at + take].T
        carried = np.matmul(bt[:, :carry + take], ops[:carry + take])
        at += take
    return carried[:n, :m].T


_dgemm_verdict = []


def _dgemm_steps():
    """The k-steps per call with which _chain gives the loop's sums here, or None (checked once)."""
    if not _dgemm_verdict:
        _dgemm_verdict.append(next((steps for steps in _DGEMM_STEPS if _dgemm_gives_chain(steps)), None))
    return _dgemm_verdict[0]


def _dgemm_gives_chain(steps):
    for m, k, n, start in ((1, 5, 1, False), (7, 300, 13, False), (33, steps, 8, False), (5, 600, 70, True),
                           (3, 2 * steps + 3, 3, True), (70, 40, 9, True)):
        a, b = _check_values(m, k, 4).astype(float), _check_values(k, n, 5, scaled=False).astype(float)
        t = _check_values(m, n, 6).astype(float) * np.pi if start else None
        expected = np.zeros((m, n)) if t is None else t.copy()
        for kk in range(k):
            expected += np.multiply.outer(a[:, kk], b[kk])
        if not np.array_equal(_chain(t, a.T, b, steps), expected):
            return False
    return True


def _conv_sums(mode, p, q, float32, size, input_shape, weight_shape, stride, padding, dilation, groups, bias=None):
    """_aten.conv's loops: each element's products added one by one in the loop's order (forward:
    input channel, then kernel offset; input gradient: output channel, then output position;
    weight gradient: batch, then output position), as float64."""
    n, c, oc = input_shape[0], input_shape[1], weight_shape[0]
    spatial, kernel, out = (tuple(sizes) for sizes in conv_geometry(input_shape, weight_shape, stride, padding,
                                                                     dilation))
    if not size or min(out, default=1) <= 0:
        return np.zeros(size)
    ipg, opg, nd = c // groups, oc // groups, len(spatial)
    pads, taps = _window_taps(spatial, out, kernel, stride, padding, dilation)
    # Through BLAS when every product is exact and the terms the loop skips (outside the input)
    # add a zero: float32 operands, all finite (0 * inf would be nan).
    p, q = _as_ndarray(p), _as_ndarray(q)
    steps = _dgemm_steps() if float32 and np.isfinite(p).all() and np.isfinite(q).all() else None
    if steps is not None:
        acc = _CONV_GEMM[mode](p, q, n, groups, ipg, opg, spatial, out, pads, kernel,
                               tuple(stride), tuple(dilation), steps)
        return acc.reshape(-1) if bias is None or mode else (acc.reshape(n, oc, -1) + _f64(bias)[:, None]).reshape(-1)
    a, b = _f64(p), _f64(q)
    valid = np.pad(np.ones(spatial, bool), pads)
    lead = (slice(None),) * 3
    if mode == 0:
        xp = np.pad(a.reshape((n, groups, ipg) + spatial), [(0, 0)] * 3 + pads)
        w = b.reshape(groups, opg, ipg, len(taps))
        acc = np.zeros((n, groups, opg) + out)
        for icg in range(ipg):
            for ki, tap in enumerate(taps):  # a padded position adds +0.0: acc (never -0.0) is unchanged
                acc += np.where(valid[tap], xp[(slice(None), slice(None), icg, None) + tap]
                                * w[:, :, icg, ki].reshape((1, groups, opg) + (1,) * nd), 0.0)
        acc = acc.reshape(n, oc, -1)
        if bias is not None:
            acc = acc + _f64(bias)[:, None]
        return acc.reshape(-1)
    if mode == 1:  # per input position the output positions come in the kernel offsets' reverse order
        g = a.reshape((n, groups, opg) + out)
        w = b.reshape(groups, opg, ipg, len(taps))
        accp = np.zeros((n, groups, ipg) + valid.shape)
        for j in range(opg):
            for ki in reversed(range(len(taps))):
                accp[lead + taps[ki]] += g[:, :, j, None] * w[:, j, :, ki].reshape((1, groups, ipg) + (1,) * nd)
        return accp[lead + tuple(slice(lo, lo + s) for s, (lo, _) in zip(spatial, pads))].reshape(-1)
    g = a.reshape(n, groups, opg, 1, 1, -1)
    xp = np.pad(b.reshape((n, groups, ipg) + spatial), [(0, 0)] * 3 + pads)
    mask = np.stack([valid[tap].reshape(-1) for tap in taps])
    acc = np.zeros(oc * ipg * len(taps))
    for sample in range(n):  # the terms of each weight element in (sample, output position) order
        cols = np.stack([xp[(sample, slice(None), slice(None)) + tap].reshape(groups, ipg, -1) for tap in taps],
                        2)  # (G, ipg, K, O)
        terms = np.where(mask, g[sample] * cols[:, None], 0.0).reshape(-1, mask.shape[1]).T
        acc = np.add.accumulate(np.concatenate([acc[None], terms]), 0)[-1]
    return np.ascontiguousarray(acc)


def _im2col(xp, kernel, stride, dilation, out):
    """A strided view (N, *out, C, *kernel) of xp (N, C, *padded): each output position's window."""
    s = xp.strides
    return as_strided(xp, (xp.shape[0],) + tuple(out) + (xp.shape[1],) + tuple(kernel),
                      (s[0],) + tuple(st * s[2 + i] for i, st in enumerate(stride)) + (s[1],)
                      + tuple(d * s[2 + i] for i, d in enumerate(dilation)), writeable=False)


def _steps_first(cols):
    """An im2col view (N, *out, C, *kernel) as (C, *kernel, N, *out): the steps of a product
    summed per output position."""
    nd = (cols.ndim - 2) // 2
    return cols.transpose(tuple(range(1 + nd, cols.ndim)) + tuple(range(1 + nd)))


def _conv_forward_gemm(x, w, n, groups, ipg, opg, spatial, out, pads, kernel, stride, dilation, steps):
    """Per output: input channel, then kernel offset (im2col's column order)."""
    k, o = ipg * math.prod(kernel), math.prod(out)
    xp = np.pad(x.reshape((n, groups, ipg) + spatial), [(0, 0)] * 3 + pads)
    w = w.reshape(groups, opg, k)
    acc = np.empty((n, groups, opg, o))
    per_call = max(1, (1 << 21) // (min(k, steps) * o))  # samples per block: bounded memory
    for g in range(groups):
        for lo in range(0, n, per_call):
            cols = _im2col(xp[lo:lo + per_call, g], kernel, stride, dilation, out)
            sums = _chain(None, _steps_first(cols), w[g].T, steps, 1 + len(kernel)).T  # (opg, samples * O)
            acc[lo:lo + per_call, g] = sums.reshape(opg, -1, o).transpose(1, 0, 2)
    return acc


def _conv_input_grad_gemm(gout, w, n, groups, ipg, opg, spatial, out, pads, kernel, stride, dilation, steps):
    """Per input position: output channel, then kernel offset in reverse (the output positions
    it feeds); the offsets that reach no output position add a zero. As im2col: the gradient
    spread out by the stride, with (kernel - 1) * dilation zeros before it, under a window of the
    kernel's size read in reverse, one step per input position."""
    k, i = math.prod(kernel), math.prod(spatial)
    reach = [(kk - 1) * d for kk, d in zip(kernel, dilation)]
    size = tuple(max(lo + s + r, r + (o - 1) * st + 1) for s, (lo, _), r, o, st in zip(spatial, pads, reach, out, stride))
    spread = np.zeros((n, opg) + size, gout.dtype)
    into = (slice(None), slice(None)) + tuple(slice(r, r + (o - 1) * st + 1, st) for r, o, st in zip(reach, out, stride))
    start = (slice(None), slice(None)) + tuple(slice(lo, None) for lo, _ in pads)
    w = w.reshape(groups, opg, ipg, k)[:, :, :, ::-1].transpose(0, 1, 3, 2).reshape(groups, opg * k, ipg)
    g_out = gout.reshape((n, groups, opg) + out)
    acc = np.empty((n, groups, ipg, i))
    per_call = max(1, (1 << 21) // (min(opg * k, steps) * i))  # samples per block: bounded memory
    for g in range(groups):
        spread[into] = g_out[:, g]
        for lo in range(0, n, per_call):
            rows = _im2col(spread[lo:lo + per_call][start], kernel, (1,) * len(kernel), dilation, spatial)
            sums = _chain(None, _steps_first(rows), w[g], steps, 1 + len(kernel)).T  # (ipg, samples * I)
            acc[lo:lo + per_call, g] = sums.reshape(ipg, -1, i).transpose(1, 0, 2)
    return acc


def _conv_weight_grad_gemm(gout, x, n, groups, ipg, opg, spatial, out, pads, kernel, stride, dilation, steps):
    """Per weight element: sample, then output position; computed as its transpose (rows: input
    channel and kernel offset, columns: output channels), a block of samples after another."""
    k, o = ipg * math.prod(kernel), math.prod(out)
    xp = np.pad(x.reshape((n, groups, ipg) + spatial), [(0, 0)] * 3 + pads)
    g_out = gout.reshape(n, groups, opg, o)
    acc = np.empty((groups, opg, k))
    per_call = max(1, (1 << 21) // (k * o))  # samples per block: bounded memory (_chain may copy them)
    for g in range(groups):
        t = None
        for lo in range(0, n, per_call):
            cols = _im2col(xp[lo:lo + per_call, g], kernel, stride, dilation, out)  # (samples, *out, ipg, *kernel)
            t = _chain(t, cols, g_out[lo:lo + per_call, g].transpose(0, 2, 1).reshape(-1, opg), steps,
                       1 + len(kernel))
        acc[g] = t.T
    return acc


_CONV_GEMM = (_conv_forward_gemm, _conv_input_grad_gemm, _conv_weight_grad_gemm)


def _max_pool(flat, shape, kernel, stride, padding, dilation, ceil_mode):
    """_aten.pool's loop, all windows at once: each window's inputs in row-major order, a later
    one winning when greater or NaN (PyTorch's rule)."""
    spatial = tuple(shape[len(shape) - len(kernel):])
    out = tuple(pool_out_size(n, k, s, p, d, ceil_mode)
                for n, k, s, p, d in zip(spatial, kernel, stride, padding, dilation))
    x = _as_ndarray(flat)
    planes = x.size // int(np.prod(spatial))
    if min(out, default=1) <= 0:
        return out, x[:0].copy(), np.zeros(0, np.int64)
    pads, taps = _window_taps(spatial, out, kernel, stride, padding, dilation)
    offsets = np.arange(int(np.prod(spatial))).reshape(spatial)
    if any(lo or hi for lo, hi in pads):
        xp = np.pad(x.reshape((planes,) + spatial), [(0, 0)] + pads)
        offsets = np.pad(offsets, pads, constant_values=-1)
        best, index = np.zeros((planes,) + out, x.dtype), np.zeros((planes,) + out, np.int64)
        started = np.zeros(out, bool)
    else:  # every window's first input is inside: it starts every window
        xp = x.reshape((planes,) + spatial)
        best, index = xp[(slice(None),) + taps[0]], offsets[taps[0]]
        taps, started = taps[1:], True
    for tap in taps:
        v, at = xp[(slice(None),) + tap], offsets[tap]
        take = (v > best) | (v != v)
        if started is not True:
            take = (at >= 0) & (~started | take)
            started |= at >= 0
        best, index = np.where(take, v, best), np.where(take, at, index)
    return out, np.array(best).reshape(-1), np.broadcast_to(index, best.shape).reshape(-1)  # never x's memory


def _max_pool_backward(grad, indices, shape, out_hw, float32=False):
    """Each gradient added in order at its window's maximum (ufunc.at adds one at a time)."""
    per_plane, plane = int(np.prod(out_hw)), int(np.prod(shape[len(shape) - len(out_hw):]))
    acc = np.zeros(int(np.prod(shape)))
    positions = np.asarray(indices, np.int64) + (np.arange(len(indices)) // per_plane if per_plane else 0) * plane
    np.add.at(acc, positions, _f64(grad))
    return acc


# ---- average pooling: each window summed in order in the dtype, then divided -----------------

def _window_plan(plane, windows, divisions):
    """(index, owners, positions, divisions) of windows (tuples of offsets in a plane): index, the
    windows padded to one length with `plane` (a +0.0 slot: a sum from +0 is never -0, so adding
    +0.0 leaves it unchanged); owners and positions, every window's offsets in turn; divisions,
    the divisor arrays each window's value is divided by in turn."""
    longest = max(map(len, windows), default=0)
    index = np.array([win + (plane,) * (longest - len(win)) for win in windows], np.int64).reshape(len(windows), longest)
    owners = np.repeat(np.arange(len(windows)), [len(win) for win in windows])
    positions = np.array([k for win in windows for k in win], np.int64)
    return index, owners, positions, tuple(np.array(d, np.float64) for d in divisions)


def _divided(values, divisions, dtype):
    """values divided by each divisor in turn, each quotient rounded to dtype (the division in
    float64, as the loops do it: exact before its one rounding, for float32 operands)."""
    for divisor in divisions:
        values = (values.astype(np.float64) / divisor).astype(dtype)
    return values


def _window_sums(flat, plane, plan, dtype):
    index, _, _, divisions = plan
    x = _as_ndarray(flat).astype(dtype).reshape(-1, plane)
    padded = np.concatenate([x, np.zeros((len(x), 1), dtype)], 1)[:, index]  # (planes, windows, longest)
    total = np.zeros(padded.shape[:2], dtype)
    for i in range(padded.shape[2]):
        total += padded[:, :, i]
    return _divided(total, divisions, dtype).reshape(-1)


def _window_scatter(grad, size, plane, plan, dtype):
    _, owners, positions, divisions = plan
    deltas = _divided(_as_ndarray(grad).reshape(-1, len(divisions[0])), divisions, dtype)
    planes = size // plane if plane else 0
    acc = np.zeros(size, dtype)
    # each output's share added to its window's inputs in turn (ufunc.at adds one at a time)
    np.add.at(acc, (np.arange(planes)[:, None] * plane + positions).reshape(-1), deltas[:, owners].reshape(-1))
    return acc


def _frozen(values):
    """Arguments as hashable values (lists as tuples), for the plans' caches."""
    return tuple(tuple(v) if isinstance(v, list) else v for v in values)


@functools.lru_cache(maxsize=64)
def _avg_plan(shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    out_shape, windows, divisors = avg_pool_plan(shape, kernel_size, stride, padding, ceil_mode, count_include_pad,
                                                 divisor_override)
    plane = math.prod(shape[len(shape) - len(kernel_size):])
    return out_shape, plane, _window_plan(plane, tuple(map(tuple, windows)), (tuple(divisors),))


def _avg_pool(flat, shape, float32, *geometry):
    out_shape, plane, plan = _avg_plan(*_frozen((shape, *geometry)))
    return out_shape, _window_sums(flat, plane, plan, np.float32 if float32 else np.float64)


def _avg_pool_backward(grad, shape, float32, *geometry):
    _, plane, plan = _avg_plan(*_frozen((shape, *geometry)))
    return _window_scatter(grad, math.prod(shape), plane, plan, np.float32 if float32 else np.float64)


@functools.lru_cache(maxsize=64)
def _adaptive_plan(shape, output_size):
    windows, heights, widths = adaptive_plan(shape, output_size)
    plane = math.prod(shape[-2:])
    return plane, _window_plan(plane, tuple(map(tuple, windows)), (heights, widths))


def _adaptive_avg_pool(flat, shape, float32, output_size):
    plane, plan = _adaptive_plan(*_frozen((shape, output_size)))
    return _window_sums(flat, plane, plan, np.float32 if float32 else np.float64)


def _adaptive_avg_pool_backward(grad, shape, float32, output_size):
    plane, plan = _adaptive_plan(*_frozen((shape, output_size)))
    return _window_scatter(grad, math.prod(shape), plane, plan, np.float32 if float32 else np.float64)


def _embedding_rows(weight, num, dim, indices):
    i = np.asarray(indices, np.int64)
    if ((i < 0) | (i >= num)).any():
        raise IndexError("index out of range in self")
    return _as_ndarray(weight).reshape(num, dim)[i].reshape(-1)


def _embedding_dense_backward(grad, indices, num_weights, dim, padding_idx):
    i = np.asarray(indices, np.int64)
    keep = i != padding_idx
    acc = np.zeros((num_weights, dim))
    np.add.at(acc, i[keep], _f64(grad).reshape(-1, dim)[keep])  # the rows added one at a time, in order
    return acc.reshape(-1)


def _nll_picks(classes, targets, weight, ignore_index):
    """(rows, targets, ignored, class weights) of nll_loss's rows; an IndexError for the first
    target out of range."""
    t = np.asarray(targets, np.int64).reshape(-1)
    ignored = t == ignore_index
    bad = ~ignored & ((t < 0) | (t >= classes))
    if bad.any():
        raise IndexError(f"Target {int(t[bad.argmax()])} is out of bounds.")
    t = np.where(ignored, 0, t)
    w = np.ones(len(t)) if weight is None else _f64(weight)[t]
    return np.arange(len(t)), t, ignored, w


def _nll_values(logp, classes, targets, weight, ignore_index):
    rows, t, ignored, w = _nll_picks(classes, targets, weight, ignore_index)
    losses = -_f64(logp)[rows * classes + t] * w
    return np.where(ignored, 0.0, losses), np.where(ignored, 0.0, w)


def _nll_backward(per_row, classes, targets, weight, ignore_index):
    rows, t, ignored, w = _nll_picks(classes, targets, weight, ignore_index)
    out = np.zeros(len(rows) * classes)
    keep = ~ignored
    out[(rows * classes + t)[keep]] = (_f64(per_row) * w)[keep]
    return out


def _negated_cascade_sum(logp, classes, targets, power):
    """_aten.loss.negated_cascade_sum on arrays. The levels' carries group each level's items: its
    first alone, then runs of 2**power (a run's last row is a multiple of 2**(power * level)), the
    last run partial and left in the level; every whole run is summed from +0 at once (one add per
    position in the run, across the runs), and the sums are the next level's items."""
    items = -_as_f32(logp)[np.arange(len(targets)) * classes + np.asarray(targets, np.int64)]  # (x - v is x + -v)
    run = 1 << power
    left = []  # what each level holds at the end
    for _ in range(7):
        if len(items) <= 1:  # the levels above hold only the first item: their +0.0 sums change no bit of the total
            break
        whole = max(len(items) - 1, 0) // run
        sums = _added_from_zero(items[1:1 + whole * run].reshape(whole, run))
        left.append(_added_from_zero(items[1 + whole * run:]))
        items = np.concatenate([items[:1] + np.float32(0), sums])  # (the first alone: +0.0 + it)
    left.append(_added_from_zero(items))
    return _added_from_zero(np.array(left, np.float32)).reshape(1)


def _added_from_zero(values):
    """+0.0 + values[..., 0] + values[..., 1] ... in float32, each add rounded (accumulate adds in
    order): a number per row of values."""
    start = np.zeros(values.shape[:-1] + (1,), np.float32)
    return np.add.accumulate(np.concatenate([start, values], axis=-1), axis=-1)[..., -1]


def _blocks_sum_from_last(values, count):
    """_aten.reduce.blocks_sum_from_last: the blocks reversed, then summed row after row."""
    return _rows_added_in_order(np.ascontiguousarray(_as_f32(values).reshape(count, -1)[::-1]))


def _extreme_rows(values, k, minimum):
    """_aten.reduce.extreme_rows: argmax/argmin take the first best element, a NaN first of all."""
    rows = _as_ndarray(values).reshape(-1, k)
    indices = (np.argmin if minimum else np.argmax)(rows, axis=1).astype(np.int64, copy=False)
    return rows[np.arange(len(rows)), indices], indices


def _sum_in_order(values, k, columns=False):
    """_aten.reduce.sum_in_order: columns by a reduce over the rows; runs as the columns of one block,
    or one run by cumsum, which adds in order too, one element at a time (slower on many); + 0.0 as
    the loop's total starting from 0.0."""
    if columns:
        return _rows_added_in_order(_as_ndarray(values).reshape(k, -1), from_zero=True)
    runs = _as_ndarray(values).reshape(-1, k)
    return np.cumsum(runs[0])[-1:] + 0.0 if len(runs) == 1 else _summed_in_order(runs.T)


# ---- the random generator's blocks (_random): the same steps on the same words ----------------
# numpy's MT19937 is the same generator (twist and tempering). Its state is read and written
# through its C struct (``ctypes.state_address``: uint32 key[624], int pos), as the `state`
# property copies it word by word (~25 us a call, more than most draws). It is kept at the end
# of the generator's current block (pos 624, key its 624 words): the next raw word is the first
# of the next block. Draws take whole blocks, whose last one becomes the generator's block.

_MT = MT19937(0)
_MT_KEY = np.ctypeslib.as_array((ctypes.c_uint32 * 624).from_address(_MT.ctypes.state_address))
_MT_POS = ctypes.c_int.from_address(_MT.ctypes.state_address + _MT_KEY.nbytes)
_MT_AT = [None]  # the block (the generator's mt object) _MT's key holds, at its end


def _mt_blocks(mt, count):
    """The tempered words of the `count` blocks after block mt (624 words), and the last block's
    words (a new array): _random._twist and _temper_block, `count` times."""
    if _MT_AT[0] is not mt:
        _MT_KEY[:] = mt
        _MT_POS.value = 624
    words = _MT.random_raw(624 * count).astype(np.uint32)
    _MT_AT[0] = last = _MT_KEY.copy()
    return words, last


def _mt19937_refill(mt):
    """The next block after mt: (its words, its tempered words), as arrays."""
    tempered, new = _mt_blocks(mt, 1)
    return new, tempered


def _mt19937_words(mt, tempered, left, next_, n):
    """_random.Generator.word_block(n) from its state (624 words, their tempered block, left, next):
    (mt, tempered, left, next) after the draws, and the n words as a uint32 array."""
    if n < left:  # within the block
        return mt, tempered, left - n, next_ + n, np.asarray(tempered[next_:next_ + n], np.uint32)
    rest = tempered[next_:] if left > 1 else []  # (left 1: the block is used up, next may be 0)
    words, mt = _mt_blocks(mt, -(-(n - len(rest)) // 624))
    next_ = n - len(rest) - (len(words) - 624)  # words taken from the last block
    out = np.concatenate([np.asarray(rest, np.uint32), words[:n - len(rest)]]) if len(rest) else words[:n]
    return mt, words[-624:].copy(), 625 - next_, next_, out  # (a copy: not the whole draw kept)


def _u53_below(words, p, value):
    """value where Generator.u53's uniform (from two words each) is below p, else 0: float32 when
    value is a float32 value (the mask as a float32 tensor stores it, exact), else float64."""
    pairs = words.reshape(-1, 2)
    bits53 = (pairs[:, 0] & np.uint32(0x1FFFFF)) * 4294967296.0 + pairs[:, 1]  # exact in float64
    value = np.float32(value) if float(np.float32(value)) == value else np.float64(value)
    return np.multiply(bits53 < p * 2.0 ** 53, value)  # (u = bits53 * 2**-53 exactly; False * value is 0.)


def _u24(words):
    return (np.array(words, np.int64) & 0xFFFFFF) * 5.9604644775390625e-08


def _uniform_f32(words, low, span, high):
    """_random.uniform's float32 values from their words: fma(u24, span, low), high moved to low."""
    values = _fma32_np(_u24(words), np.float32(span), np.float32(low))
    return np.where(values == high, np.float32(low), values).tolist()


def _cephes_log_np(u):
    """_random._cephes_log of a float64 array (float32 values in (0, 1]), as float32."""
    mant, exponent = np.frexp(u)
    small = mant < L.SQRTHF
    m = np.where(small, mant + mant - 1.0, mant - 1.0)
    e = np.where(small, exponent - 1.0, exponent.astype(np.float64))
    z = (m * m).astype(np.float32)
    y = _fma32_np(L.LOG_POLY[0], m, L.LOG_POLY[1])
    for coef in L.LOG_POLY[2:]:
        y = _fma32_np(y, m, coef)
    y = (y * m).astype(np.float32)
    y = _fma32_np(y, z, (e * L.Q1).astype(np.float32))
    y = (y - 0.5 * z.astype(np.float64)).astype(np.float32)
    return _fma32_np(e, L.Q2, (m + y).astype(np.float32))


def _cephes_sincos_np(theta):
    """_random._cephes_sincos of a float32 array (theta >= 0): (sin, cos) float32 arrays."""
    j = ((theta * np.float32(L.FOPI)).astype(np.int64) + 1) & ~1
    y = j.astype(np.float64)
    x = _fma32_np(y, L.DP1, theta)
    x = _fma32_np(y, L.DP2, x)
    x = _fma32_np(y, L.DP3, x)
    z = x * x
    c = _fma32_np(L.C0, z, L.C1)
    c = _fma32_np(c, z, L.C2)
    c = _fma32_np(z, z * c, -(z.astype(np.float64) * 0.5))
    c = (c + 1.0).astype(np.float32)  # in float64, then rounded: the loop's two roundings
    s = _fma32_np(L.S0, z, L.S1)
    s = _fma32_np(s, z, L.S2)
    s = _fma32_np(x, z * s, x)
    swap = (j & 2) != 0
    sin, cos = np.where(swap, c, s), np.where(swap, s, c)
    return np.where(j & 4, -sin, sin), np.where(~(j - 2) & 4, -cos, cos)


def _normal_fill_f32(words, tail, n, mean, std):
    """_random._normal_fill_f32's values from their words (and the 16 tail words when n % 16): a
    list. Lane i of a 16-block writes its cos output to position i and its sin output to i + 8;
    the tail block, the last 16 positions, is written last."""
    full = n // 16
    blocks = _u24(words[:16 * full]).reshape(full, 2, 8)
    if tail is not None:
        blocks = np.concatenate([blocks, _u24(tail).reshape(1, 2, 8)])
    a, b = blocks[:, 0].reshape(-1), blocks[:, 1].reshape(-1)
    radius = np.sqrt(-2.0 * _cephes_log_np(1.0 - a).astype(np.float64)).astype(np.float32)
    sin, cos = _cephes_sincos_np(b.astype(np.float32) * np.float32(L.TWO_PI_F))
    halves = []
    for trig in (cos, sin):
        r = radius * trig
        halves.append(r + np.float32(0.0) if std == 1.0 and mean == 0.0
                      else _fma32_np(r, np.float32(std), np.float32(mean)))
    lanes = np.concatenate([half.reshape(-1, 8) for half in halves], 1)  # per block: 8 cos outputs, then 8 sin
    out = np.empty(n, np.float32)
    out[:16 * full] = lanes[:full].reshape(-1)
    if tail is not None:
        out[n - 16:] = lanes[full]
    return out.tolist()


# ---- optimizers: a step's tensor ops over a parameter's whole buffer ------------------------------

def _adam_step(param, grad, exp_avg, exp_avg_sq, decay, weight_decay, lerp_weight, beta2, one_minus_beta2,
               bias_correction2_sqrt, eps, neg_step_size):
    """_aten.optim.adam_step (kernels.c adam_step_f32's steps) on whole arrays: param, exp_avg and
    exp_avg_sq written in place, as the in-place tensor ops write them."""
    p, g, m, v = (_as_ndarray(b) for b in (param, grad, exp_avg, exp_avg_sq))
    f = np.float32
    weight = f(lerp_weight)
    small = abs(weight) < 0.5  # lerp's two formulas
    if decay == "decoupled":
        p *= f(weight_decay)
    elif decay == "l2":
        g = _fma32_np(f(weight_decay), p, g)
    m[:] = _fma32_np(weight if small else f(float(weight) - 1), g - m, m if small else g)
    v[:] = _fma32_np(g * f(one_minus_beta2), g, v * f(beta2))
    p += m * f(neg_step_size) / (np.sqrt(v) / f(bias_correction2_sqrt) + f(eps))


RANDOM = {"mt19937_refill": _mt19937_refill, "mt19937_words": _mt19937_words, "uniform_f32": _ieee(_uniform_f32),
          "normal_fill_f32": _ieee(_normal_fill_f32), "u53_below": _u53_below}


ATEN = {name: _ieee(kernel) for name, kernel in {
    "expf_sleef": _expf_sleef, "logf_sleef": _logf_sleef, "expf_glibc": _expf_glibc, "logf_glibc": _logf_glibc,
    "log1pf_glibc": _log1pf_glibc, "sigmoid": _sigmoid_kernel, "sigmoid_backward": _sigmoid_backward, "lstm_cell_step": _lstm_cell_step,
    "lstm_cell_backward_step": _lstm_cell_backward_step,
    "tanh_backward": _tanh_backward, "gelu": _gelu_kernel, "gelu_backward": _gelu_backward_kernel,
    "layer_norm_stats": _layer_norm_stats, "layer_norm_output": _layer_norm_output,
    "layer_norm_input_grad": _layer_norm_input_grad,
    "layer_norm_weight_grad": _layer_norm_weight_grad, "layer_norm_bias_grad": _layer_norm_bias_grad,
    "correctly_rounded": _correctly_rounded,
    "sum_range": _sum_range, "divide_all": _divide_all, "var_welford": _var_welford,
    "norm_lastdim": _norm_lastdim, "scan": _scan, "mm_rule": _mm_rule, "bmm_rule": _bmm_rule,
    "joined": _joined,
    "softmax_lastdim": _softmax_lastdim, "softmax_otherdim": _softmax_otherdim,
    "log_softmax_backward_lastdim": _log_softmax_backward_lastdim, "squared_difference": _squared_difference,
    "bce_terms": _bce_terms, "conv_sums": _conv_sums, "max_pool": _max_pool, "max_pool_backward": _max_pool_backward,
    "avg_pool": _avg_pool, "avg_pool_backward": _avg_pool_backward, "adaptive_avg_pool": _adaptive_avg_pool,
    "adaptive_avg_pool_backward": _adaptive_avg_pool_backward,
    "rows": _embedding_rows, "dense_backward": _embedding_dense_backward, "nll_values": _nll_values,
    "nll_backward": _nll_backward, "sum_in_order": _sum_in_order, "extreme_rows": _extreme_rows,
    "blocks_sum_from_last": _blocks_sum_from_last, "adam_step": _adam_step,
    "negated_cascade_sum": _negated_cascade_sum}.items()}
