"""The array backend the _aten kernels run on, and ``@backend_kernel``."""
import functools

from .._backend import backend as active  # the chosen backend (tests/test_aten_parity.py sets each in turn)
from .._dtype import BY_NAME, float32, float64


KERNELS = {}  # every @backend_kernel's own (pure-Python backend) version, by name


def backend_kernel(kernel):
    """``kernel`` (its loops are the pure-Python backend's), or the active backend's version
    of it, ``ATEN[kernel.__name__]``, when the backend has one (numpy's whole-array kernels).
    Looked up per call, so one process can run every kernel on each backend."""
    name = kernel.__name__
    KERNELS[name] = kernel

    @functools.wraps(kernel)
    def dispatch(*args, **kwargs):
        return (active.ATEN.get(name) or kernel)(*args, **kwargs)
    return dispatch


def zeros(n):
    """n float32 zeros in a buffer of the active backend."""
    return active.full(n, 0.0, float32)


def as_buffer(values, dtype=float32):
    """A kernel's result (a list or a buffer, float32 unless ``dtype`` says otherwise) as a
    buffer of the active backend."""
    return active.as_buffer(values, dtype)


def rounded(values, float32_steps):
    """A layer loop's result: values already rounded to float32 (``float32_steps``) as a float32
    buffer, else float64 values as a float64 buffer (the caller rounds them once to its dtype)."""
    return active.as_buffer(values, float32 if float32_steps else float64)


def picked(values, source):
    """Values picked from the buffer ``source`` unchanged, as a buffer of its element type."""
    code = getattr(source, "typecode", None)  # array.array buffers (and numpy's 0-d ones)
    return active.as_buffer(values, float64 if code == "d" else float32 if code else BY_NAME[source.dtype.name])
