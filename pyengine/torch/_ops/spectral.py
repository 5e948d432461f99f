"""Signal processing: the window functions (hann, hamming, blackman, bartlett, kaiser).

Each window is composed from the same tensor ops, in the same order, as ATen's
TensorFactories.cpp (arange, an in-place scale, cos ...), so its values are the engine's
rounding of those ops; a periodic window is the symmetric window of length N + 1 without its
last value.
"""
import math

from .. import _dtype
from .._float32 import f32
from ..autograd.derivatives import op
from ._helpers import from_values
from .creation import _finish, arange
from .pointwise_more import _bessel

_CPP_NAMES = {"int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
              "uint8": "unsigned char", "bool": "bool"}


def _window_checks(name, window_length, dtype):
    if dtype.kind != "f":
        raise RuntimeError(
            f"{name} expects floating point dtypes, got: TensorOptions(dtype={_CPP_NAMES.get(dtype.name, dtype.name)}, "
            "device=cpu, layout=Strided (default), requires_grad=false (default), pinned_memory=false, "
            "memory_format=(nullopt))")
    if window_length < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got window_length={window_length}")


def _window(name, window_length, periodic, dtype, requires_grad, build):
    """Checks, the lengths 0 and 1, and the periodic form around ``build(length, dtype)``."""
    dtype = dtype or _dtype.get_default_dtype()
    _window_checks(name, window_length, dtype)
    if window_length <= 1:
        return _finish(from_values([1.0] * window_length, (window_length,), dtype), requires_grad)
    length = window_length + 1 if periodic else window_length
    window = build(length, dtype)
    return _finish(window.narrow(0, 0, window_length) if periodic else window, requires_grad)


@op(name="hamming_window", forms="torch")
def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   pin_memory=False, requires_grad=False):
    return _window("hamming_window", window_length, periodic, dtype, requires_grad, lambda n, dt: arange(n, dtype=dt).mul_(
        6.283185307179586 / (n - 1)).cos_().mul_(-beta).add_(alpha))


@op(name="hann_window", forms="torch")
def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                requires_grad=False):
    dtype = dtype or _dtype.get_default_dtype()
    _window_checks("hann_window", window_length, dtype)
    return hamming_window(window_length, periodic, 0.5, 0.5, dtype=dtype, requires_grad=requires_grad)


def _blackman(n, dtype):
    window = arange(n, dtype=dtype).mul_(3.141592653589793 / (n - 1))
    return window.mul(4).cos_().mul_(0.08) - window.mul(2).cos_().mul_(0.5) + 0.42


@op(name="blackman_window", forms="torch")
def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    return _window("blackman_window", window_length, periodic, dtype, requires_grad, _blackman)


def _bartlett(n, dtype):
    window = arange(n, dtype=dtype).mul_(2.0 / (n - 1))
    first_half = ((n - 1) >> 1) + 1
    window.narrow(0, first_half, n - first_half).mul_(-1).add_(2)
    return window


@op(name="bartlett_window", forms="torch")
def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    return _window("bartlett_window", window_length, periodic, dtype, requires_grad, _bartlett)


def _kaiser(beta):
    """ATen's kaiser kernel: i0(beta sqrt(1 - ((i - a) / a)^2)) / i0(beta), each step rounded
    to the dtype (PyTorch's vectorised float32 loop differs in the last bits for some lengths)."""
    def build(n, dtype):
        r = f32 if dtype.itemsize == 4 else float
        i0 = _bessel(False, False, dtype.itemsize)
        alpha, b = r((n - 1) / 2.0), r(beta)
        denominator = i0(b)
        values = []
        for i in range(n):
            ratio = r(r(i - alpha) / alpha)
            values.append(r(i0(r(b * r(math.sqrt(r(1.0 - r(ratio * ratio)))))) / denominator))
        return from_values(values, (n,), dtype)
    return build


@op(name="kaiser_window", forms="torch")
def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, layout=None, device=None, pin_memory=False,
                  requires_grad=False):
    return _window("kaiser_window", window_length, periodic, dtype, requires_grad, _kaiser(beta))
