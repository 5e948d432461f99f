"""The array backend the _aten kernels run on, and ``@backend_kernel``."""
import functools

from .._backend import backend as active  # the chosen backend (tests/test_aten_parity.py sets each in turn)
from .._dtype import float32


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


def as_buffer(values):
    """A kernel's float32 result (a list or a buffer) as a buffer of the active backend."""
    return active.as_buffer(values, float32)
