"""Helpers shared by the kernels: numpy detection and exact float32 fma on whole sequences."""
import functools
import os
import re
from array import array
from operator import add, mul

from .._float32 import fma32

if os.environ.get("PYENGINE_BACKEND", "").strip().lower() == "python":
    np = None  # the pure-Python backend never passes numpy arrays: don't pay for importing numpy
else:
    try:
        import numpy as np
    except ImportError:  # Pyodide: pure Python only
        np = None


def ieee(kernel):
    """``kernel`` with numpy's floating-point warnings off: like PyTorch's, the kernels give
    IEEE results (inf, nan) silently."""
    if np is None:
        return kernel

    @functools.wraps(kernel)
    def quiet(*args, **kwargs):
        with np.errstate(all="ignore"):
            return kernel(*args, **kwargs)
    return quiet


def is_np(values):
    return np is not None and isinstance(values, np.ndarray)


def as_f32(values):
    """values as a float32 numpy array (no copy when it already is one)."""
    return np.ascontiguousarray(values, dtype=np.float32).reshape(-1)


# A float64 whose low 29 bits are 1 followed by 28 zeros lies exactly halfway between two
# float32 values. Only there can rounding a float64 sum to float32 differ from rounding the
# exact sum (double rounding). In little-endian bytes: three zero bytes, then a byte whose
# low five bits are 10000. The regex steps over whole 8-byte records.
_HALFWAY = re.compile(rb"(?s)(?:.{8})*?\x00\x00\x00[\x10\x30\x50\x70\x90\xb0\xd0\xf0]")


def _halfway_indices(sums):
    """Indices of the float64 values in sums (a list) that are float32 halfway points."""
    raw = array("d", sums).tobytes()
    if b"\x00\x00\x00" not in raw:  # the common case: no candidate at all
        return
    pos = 0
    while True:
        m = _HALFWAY.match(raw, pos)
        if m is None:
            return
        i = (m.end() - 4) // 8
        yield i
        pos = (i + 1) * 8


def fma32_seq(a, b, c):
    """[fma(a[i], b[i], c[i])] rounded once to float32, for equal-length float32 sequences.

    The float64 product of two float32 values is exact, so a*b + c in float64 has a single
    rounding; rounding that to float32 is correct except at halfway points, which are
    found in bulk and redone with the exact scalar fma.
    """
    sums = list(map(add, map(mul, a, b), c))
    result = array("f", sums)
    for i in _halfway_indices(sums):
        result[i] = fma32(a[i], b[i], c[i])
    return result


def fma32_scaled(a, b, c):
    """[fma(a, b[i], c[i])] for one float32 a: the row update of a fused matrix product."""
    sums = list(map(add, [a * v for v in b], c))
    result = array("f", sums)
    for i in _halfway_indices(sums):
        result[i] = fma32(a, b[i], c[i])
    return result


if np is not None:
    _LOW29 = np.int64(0x1FFFFFFF)
    _HALF29 = np.int64(0x10000000)

    def fma32_np(a, b, c):
        """Exact float32 fma of float32 arrays (broadcasting), by the same halfway check."""
        s = np.add(np.multiply(a, b, dtype=np.float64), c, dtype=np.float64)
        result = s.astype(np.float32)
        halfway = (s.view(np.int64) & _LOW29) == _HALF29
        if halfway.any():
            _redo_halfway(result, halfway, a, b, c)
        return result

    def _redo_halfway(result, halfway, a, b, c):
        shape = result.shape
        a, b, c = (np.broadcast_to(np.asarray(v, dtype=np.float32), shape) for v in (a, b, c))
        for idx in zip(*np.nonzero(halfway)):
            result[idx] = fma32(float(a[idx]), float(b[idx]), float(c[idx]))


if np is None:
    fma32_np = None  # pure Python (Pyodide): the numpy kernels are never called
