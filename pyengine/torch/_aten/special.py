"""Elementwise float32 functions whose bits depend on the library torch calls.

* ``expf_sleef`` / ``logf_sleef``: SLEEF's u10 ``expf``/``logf``, which torch's vector
  kernels use (sigmoid's vector body, softmax, log_softmax).
* ``expf_glibc``: glibc's ``expf`` (the scalar tails); ``logf_glibc``, ``log1pf_glibc``
  (binary_cross_entropy). The element-wise emulations are in ``_libm32``.
* ``sigmoid``, ``gelu`` (oneDNN's or ATen's kernel, as torch picks) and the
  tanh/sigmoid/relu/gelu backward formulas: exact.
* ``exp``, ``log``, ``sqrt``, ``tanh``, ``sin``, ...: torch computes these with MKL VML,
  which is not reproduced; these are the correctly rounded stand-ins (float64 math, one
  rounding), with C's edge cases (log(0) = -inf, log(-1) = nan, overflow = inf).

Each kernel here is the pure-Python one; the numpy backend supplies whole-array versions.
"""
import math
from array import array
from itertools import repeat
from operator import mul, sub, truediv

from .._backend import kernels
from .._float32 import f32
from . import _libm32
from ._common import fma32_seq, vector_runs
from ._dispatch import backend_kernel


@backend_kernel
def expf_sleef(values):
    """SLEEF ``Sleef_expf16_u10`` (= ``expf8_u10``) on each float32 value."""
    return array("f", map(_libm32.expf_sleef1, values))


@backend_kernel
def logf_sleef(values):
    """SLEEF ``Sleef_logf16_u10`` on each float32 value."""
    return array("f", map(_libm32.logf_sleef1, values))


@backend_kernel
def expf_glibc(values):
    """glibc ``expf`` on each float32 value."""
    return array("f", map(_libm32.expf_glibc1, values))


@backend_kernel
def logf_glibc(values):
    """glibc ``logf`` on each float32 value."""
    return array("f", map(_libm32.logf_glibc1, values))


@backend_kernel
def log1pf_glibc(values):
    """glibc ``log1pf`` on each float32 value."""
    return array("f", map(_libm32.log1pf_glibc1, values))


# ---- sigmoid --------------------------------------------------------------------------

@backend_kernel
def sigmoid(values, row=None):
    """torch.sigmoid of float32 values in memory order (see ``_common.vector_runs`` for ``row``).

    Vector body: 1 / (1 + expf_sleef(0 - x)); scalar tail: 1 / (1 + expf_glibc(-x)).
    """
    if kernels.wasm is not None:  # the browser's kernels: the same steps
        out = kernels.sigmoid(values, vector_runs(len(values), row), _libm32.EXP2_TABLE)
        if out is not None:
            return out
    out = array("f", bytes(4 * len(values)))
    for start, stop, vstop in vector_runs(len(values), row):
        for lo, hi, exp in ((start, vstop, expf_sleef), (vstop, stop, expf_glibc)):
            if lo < hi:
                # 0 - x and -x agree except on 0 vs -0, which exp ignores
                e = exp(array("f", [0.0 - v for v in values[lo:hi]]))
                out[lo:hi] = array("f", map(truediv, repeat(1.0), array("f", [1.0 + v for v in e])))
    return out


# ---- GELU (the element formulas are in _libm32) ---------------------------------------------

def _one_nan(out):
    """out with every NaN the positive quiet NaN: which NaN an operation makes differs between
    Python's floats, numpy and the wasm kernels (PyTorch prints them all as nan)."""
    if out != out:  # array('f') equality is element-wise: some element is a NaN
        return array("f", [v if v == v else math.nan for v in out])
    return out


@backend_kernel
def gelu(values, approximate, onednn, row=None):
    """F.gelu of float32 values in memory order (``onednn``: see ``_libm32.uses_onednn``)."""
    if kernels.wasm is not None:  # the browser's kernels: the same steps
        out = kernels.gelu(values, None, approximate == "tanh", onednn, _libm32.gelu_runs(len(values), row, True),
                           _libm32.GELU_KERNEL_TABLE, _libm32.EXP2_TABLE)
        if out is not None:
            return out
    if onednn:
        return _one_nan(array("f", map(_libm32.gelu_onednn1, values)))
    vector, scalar = _libm32.GELU_FORMULAS[approximate, True]
    out = array("f", bytes(4 * len(values)))
    for start, stop, vstop in _libm32.gelu_runs(len(values), row, True):
        out[start:vstop] = array("f", map(vector, values[start:vstop]))
        out[vstop:stop] = array("f", map(scalar, values[vstop:stop]))
    return _one_nan(out)


@backend_kernel
def gelu_backward(grad, values, approximate, onednn, row=None):
    """gelu_backward: grad times GELU's derivative at each float32 value."""
    if kernels.wasm is not None:
        out = kernels.gelu(values, grad, approximate == "tanh", onednn, _libm32.gelu_runs(len(values), row, False),
                           _libm32.GELU_KERNEL_TABLE, _libm32.EXP2_TABLE)
        if out is not None:
            return out
    if onednn:
        return _one_nan(array("f", [g * d for g, d in zip(grad, map(_libm32.gelu_onednn_derivative1, values))]))
    vector, scalar = _libm32.GELU_FORMULAS[approximate, False]
    out = array("f", bytes(4 * len(values)))
    for start, stop, vstop in _libm32.gelu_runs(len(values), row, False):
        out[start:vstop] = array("f", map(vector, grad[start:vstop], values[start:vstop]))
        out[vstop:stop] = array("f", map(scalar, grad[vstop:stop], values[vstop:stop]))
    return _one_nan(out)


# ---- backward formulas ----------------------------------------------------------------

@backend_kernel
def sigmoid_backward(grad, output):
    """(grad * (1 - s)) * s, with s the saved sigmoid output."""
    one_minus = array("f", map(sub, repeat(1.0), output))
    return array("f", map(mul, array("f", map(mul, grad, one_minus)), output))


@backend_kernel
def tanh_backward(grad, output):
    """grad * fma(-y, y, 1), with y the saved tanh output."""
    neg = [-v for v in output]
    return array("f", map(mul, grad, fma32_seq(neg, output, [1.0] * len(neg))))


# ---- correctly rounded stand-ins for MKL VML --------------------------------------------

def _rounded(values64):
    try:
        return array("f", values64)
    except OverflowError:
        return array("f", [f32(v) for v in values64])


@backend_kernel
def correctly_rounded(name, fn, values):
    """fn (a float64 math function, torch.<name>'s stand-in) on each value, rounded once."""
    try:
        return _rounded(list(map(fn, values)))
    except (OverflowError, ValueError):
        return _rounded([_libm32.c_semantics(fn, v) for v in values])


def _stand_in(name, fn):
    def kernel(values):
        return correctly_rounded(name, fn, values)

    kernel.__name__ = name
    kernel.__doc__ = f"torch.{name} stand-in: the correctly rounded float32 {name} (float64 math, one rounding)."
    return kernel


def _exp2(x):
    return 2.0 ** x


exp = _stand_in("exp", math.exp)
log = _stand_in("log", math.log)
log2 = _stand_in("log2", math.log2)
log10 = _stand_in("log10", math.log10)
log1p = _stand_in("log1p", math.log1p)
expm1 = _stand_in("expm1", math.expm1)
exp2 = _stand_in("exp2", _exp2)
sqrt = _stand_in("sqrt", math.sqrt)
sin = _stand_in("sin", math.sin)
cos = _stand_in("cos", math.cos)
tan = _stand_in("tan", math.tan)
asin = _stand_in("asin", math.asin)
acos = _stand_in("acos", math.acos)
atan = _stand_in("atan", math.atan)
sinh = _stand_in("sinh", math.sinh)
cosh = _stand_in("cosh", math.cosh)
tanh = _stand_in("tanh", math.tanh)
erf = _stand_in("erf", math.erf)
erfc = _stand_in("erfc", math.erfc)
