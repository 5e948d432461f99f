"""What PyTorch keeps per process that a program can change, and a fresh start of it.

Whatever runs programs one after another in one interpreter (the app's worker, the golden
test runner) calls ``new_run()`` before each, so that every program starts as it would in a
new Python process: default dtype, print options, grad mode, and the warnings PyTorch shows
only once per process (TORCH_WARN_ONCE, ``warn_once`` here). The random generator is not
reset: a new process seeds it differently every time too.
"""
import warnings

_shown = set()


def warn_once(message, stacklevel=1):
    if message not in _shown:
        _shown.add(message)
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)


def new_run():
    from . import _dtype, _tensor_str
    from .autograd import grad_mode
    _shown.clear()
    _dtype.set_default_dtype(_dtype.float32)
    _tensor_str.set_printoptions(profile="default")
    grad_mode._state.update(enabled=True, inference=False)
