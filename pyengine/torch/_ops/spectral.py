"""Signal processing: the window functions (hann, hamming, blackman, bartlett, kaiser), stft
and istft.

The engine's tensors are real, so only stft's real layout exists: return_complex=False gives
the (..., 2) view of real and imaginary parts; return_complex=True (and istft, whose input
must be complex) raise an error that says so.

Each window is composed from the same tensor ops, in the same order, as ATen's
TensorFactories.cpp (arange, an in-place scale, cos ...), so its values are the engine's
rounding of those ops; a periodic window is the symmetric window of length N + 1 without its
last value.
"""
import math
from fractions import Fraction

from .. import _dtype
from .._float32 import f32
from .._process import warn_once
from ..autograd.derivatives import op
from ._helpers import CPP_TYPE_NAMES, from_values
from .creation import _finish, arange, ones, zeros
from .indexing import index_select
from .joining import cat
from .pointwise_more import _bessel

def _window_checks(name, window_length, dtype):
    if dtype.kind != "f":
        raise RuntimeError(
            f"{name} expects floating point dtypes, got: TensorOptions(dtype={CPP_TYPE_NAMES[dtype.name]}, "
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
    def build(n, dtype):
        return arange(n, dtype=dtype).mul_(6.283185307179586 / (n - 1)).cos_().mul_(-beta).add_(alpha)
    return _window("hamming_window", window_length, periodic, dtype, requires_grad, build)


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


# ---- the short-time Fourier transform's DFT (torch.stft builds the frames) --------------------

def _unit_root(j, n):
    """(cos, sin) of 2 pi j / n, reduced to the first octant so that symmetric points get
    the same magnitudes and quarter turns exact zeros and ones (as an FFT's twiddles)."""
    f = Fraction(j % n, n)
    sin_sign = cos_sign = 1.0
    if f > Fraction(1, 2):
        f, sin_sign = 1 - f, -1.0
    if f > Fraction(1, 4):
        f, cos_sign = Fraction(1, 2) - f, -1.0
    swap = f > Fraction(1, 8)
    if swap:
        f = Fraction(1, 4) - f
    c, s = math.cos(2.0 * math.pi * f), math.sin(2.0 * math.pi * f)
    if swap:
        c, s = s, c
    return cos_sign * c, sin_sign * s


def _twiddles(n_fft, bins, dtype):
    """(C, S): cos and sin of 2 pi k t / n_fft for the output bins k (rows) and times t."""
    roots = [_unit_root(k * t, n_fft) for k in range(bins) for t in range(n_fft)]
    return (from_values([c for c, _ in roots], (bins, n_fft), dtype),
            from_values([s for _, s in roots], (bins, n_fft), dtype))


def _stft_backward(grad, self, onesided, normalized, squeeze):
    """The DFT's adjoint: frames' gradient = g_re^T C - g_im^T S (times the normalisation)."""
    n_fft = self._shape[-1]
    if squeeze:
        grad = grad.unsqueeze(0)
    bins = grad._shape[-3]
    C, Sn = _twiddles(n_fft, bins, grad.dtype)
    g = grad.select(-1, 0).mT @ C - grad.select(-1, 1).mT @ Sn
    return g * (1.0 / math.sqrt(n_fft)) if normalized else g


def _fft(x, roots, stride):
    """The DFT of the complex sequence ``x`` (length n), sum_t x_t W^(k t) with W = e^(-2 pi i / n):
    mixed-radix decimation in time, splitting off the smallest prime factor; ``roots[j * stride]``
    is W^j (the table of the outermost length)."""
    n = len(x)
    if n == 1:
        return list(x)
    p = next((q for q in range(2, int(n ** 0.5) + 1) if n % q == 0), n)
    m = n // p
    parts = [_fft(x[r::p], roots, stride * p) for r in range(p)] if m > 1 else [[v] for v in x]
    size = len(roots)
    out = [0j] * n
    for k in range(n):
        total = parts[0][k % m]
        for r in range(1, p):
            total += parts[r][k % m] * roots[r * k * stride % size]
        out[k] = total
    return out


@op("ViewAsRealBackward0", name="_stft_real",
    result="auto_linear", self=_stft_backward)
def _stft_real(self, onesided, normalized, squeeze):
    """The DFT of each windowed frame of ``self`` (batch, frames, n_fft) as PyTorch's
    stft(..., return_complex=False) lays it out: (batch, bins, frames, 2), real and imaginary
    parts last; an FFT in float64, rounded once (PyTorch's FFT rounds its own way: 6
    significant digits)."""
    batch, frames, n_fft = self._shape
    bins = n_fft // 2 + 1 if onesided else n_fft
    scale = 1.0 / math.sqrt(n_fft) if normalized else 1.0
    flat = [float(v) for v in self._flat()]
    roots = [complex(c, -s) for c, s in (_unit_root(j, n_fft) for j in range(n_fft))]
    half = n_fft // 2
    values = [0.0] * (batch * bins * frames * 2)
    for b in range(batch):
        for f in range(frames):
            spectrum = _fft(flat[(b * frames + f) * n_fft:(b * frames + f + 1) * n_fft], roots, 1)
            for k in range(min(bins, half + 1)):
                at = ((b * bins + k) * frames + f) * 2
                # + 0.0: an exact zero is +0 (as the FFT's sums)
                values[at] = spectrum[k].real * scale + 0.0
                values[at + 1] = spectrum[k].imag * scale + 0.0
            for k in range(half + 1, bins):  # the upper half is the conjugate of the lower (so +0 turns -0)
                at, mirror = ((b * bins + k) * frames + f) * 2, ((b * bins + n_fft - k) * frames + f) * 2
                values[at], values[at + 1] = values[mirror], -values[mirror + 1]
    r = f32 if self.dtype.itemsize == 4 else float
    shape = (bins, frames, 2) if squeeze else (batch, bins, frames, 2)
    return from_values([r(v) for v in values], shape, self.dtype)


def _padded(signal, size, mode):
    """torch.stft's centring: F.pad of the last dimension by ``size`` on both sides (as
    index_select, the same values)."""
    n = signal.shape[-1]
    if mode == "constant":
        zero = zeros(signal.shape[:-1] + (size,), dtype=signal.dtype)
        return cat([zero, signal, zero], -1)
    if mode == "reflect" and size >= n:
        shape = [1] * (3 - signal.dim()) + list(signal.shape)
        raise RuntimeError(f"Argument #4: Padding size should be less than the corresponding input dimension, but got: "
                           f"padding ({size}, {size}) at dimension 2 of input {shape}")
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    positions = range(-size, n + size)
    index = [abs(i) if i < 0 else 2 * (n - 1) - i if i >= n else i for i in positions] if mode == "reflect" else \
        [min(max(i, 0), n - 1) for i in positions] if mode == "replicate" else [i % n for i in positions]
    return index_select(signal, -1, from_values(index, (len(index),), _dtype.int64))


_NO_COMPLEX = ("this engine's tensors are real (no complex dtype): call stft with return_complex=False for the "
               "real view, whose last dimension holds the real and imaginary parts")


def _describe(t):
    return "None" if t is None else f"{t.type()}{{[{', '.join(map(str, t.shape))}]}}"


@op(name="stft", forms="torch Tensor")
def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
         normalized=False, onesided=None, return_complex=None, align_to_window=None):
    if center:
        input = _padded(input, n_fft // 2, pad_mode)
    hop = n_fft // 4 if hop_length is None else hop_length
    win = n_fft if win_length is None else win_length
    if window is None:
        warn_once("A window was not provided. A rectangular window will be applied,which is known to cause spectral "
                  "leakage. Other windows such as torch.hann_window or torch.hamming_window are recommended to reduce "
                  "spectral leakage.To suppress this warning and use a rectangular window, explicitly set "
                  "`window=torch.ones(n_fft, device=<device>)`. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/SpectralOps.cpp:835.)")
    if return_complex is None:
        raise RuntimeError("stft requires the return_complex parameter be given for real inputs, and will further "
                           "require that return_complex=True in a future PyTorch release.")
    if return_complex:
        raise RuntimeError(f"stft with return_complex=True returns a complex tensor: {_NO_COMPLEX}")
    warn_once("stft with return_complex=False is deprecated. In a future pytorch release, stft will return complex "
              "tensors for all inputs, and return_complex=False will raise an error.\nNote: you can still call "
              "torch.view_as_real on the complex output to recover the old return format. (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/SpectralOps.cpp:874.)")
    shape = ", ".join(map(str, input.shape))
    where = (f"stft({input.type()}[{shape}], n_fft={n_fft}, hop_length={hop}, win_length={win}, "
             f"window={_describe(window)}, normalized={int(bool(normalized))}, onesided={onesided}, "
             f"return_complex={int(bool(return_complex))}, align_to_window={align_to_window}) : ")
    if input.dim() not in (1, 2):
        raise RuntimeError(where + "expected a 1D or 2D tensor")
    if not input.is_floating_point():
        raise RuntimeError(where + "expected a tensor of floating point or complex values")
    length = input.shape[-1]
    if n_fft <= 0 or n_fft > length:
        raise RuntimeError(where + f"expected 0 < n_fft < {length}, but got n_fft={n_fft}")
    if hop <= 0:
        raise RuntimeError(where + f"expected hop_length > 0, but got hop_length={hop}")
    if win <= 0 or win > n_fft:
        raise RuntimeError(where + f"expected 0 < win_length <= n_fft, but got win_length={win}")
    if window is not None and (window.dim() != 1 or window.shape[0] != win):
        raise RuntimeError(where + f"expected a 1D window tensor of size equal to win_length={win}, but got window "
                                   f"with size {list(window.shape)}")
    if win < n_fft:  # the window sits in the middle of the frame, zeros around it
        padded = zeros(n_fft, dtype=input.dtype)
        padded.narrow(0, (n_fft - win) // 2, win).copy_(ones(win, dtype=input.dtype) if window is None else window)
        window = padded
    frames = (input if input.dim() == 2 else input.unsqueeze(0)).unfold(-1, n_fft, hop)
    if window is not None:
        frames = frames * window
    return _stft_real(frames, True if onesided is None else onesided, normalized, input.dim() == 1)


@op(name="istft", forms="torch Tensor")
def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False,
          onesided=None, length=None, return_complex=False):
    if window is None:
        warn_once("A window was not provided. A rectangular window will be applied.Please provide the same window "
                  "used by stft to make the inversion lossless.To suppress this warning and use a rectangular window, "
                  "explicitly set `window=torch.ones(n_fft, device=<device>)`. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/SpectralOps.cpp:1035.)")
    raise RuntimeError("istft requires a complex-valued input tensor matching the output from stft with "
                       f"return_complex=True; {_NO_COMPLEX}, and istft cannot take it")
