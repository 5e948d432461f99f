"""What PyTorch keeps per process that a program can change, and a fresh start of it.

Whatever runs programs one after another in one interpreter (the app's worker, the golden
test runner) calls ``new_run()`` before each, so that every program starts as it would in a
new Python process: default dtype, print options, grad mode, flags such as set_warn_always, and
the warnings PyTorch shows only once per process (TORCH_WARN_ONCE, ``warn_once`` here). The random generator is not
reset: a new process seeds it differently every time too.
"""
import os
import sys
import warnings

_shown = set()
_DEFAULT_SETTINGS = {"warn_always": False, "float32_matmul_precision": "highest"}
settings = dict(_DEFAULT_SETTINGS)  # flags a program can set (torch.set_warn_always ...); no effect on the engine
_ENGINE = os.path.dirname(os.path.abspath(__file__))


def warn_once(message):
    """Warn at the program's line that called into the engine (PyTorch's warnings come from
    C++, so Python reports the caller's line), the first time only."""
    if message not in _shown:
        _shown.add(message)
        warn(message)


def warn(message):
    """Warn at the program's line that called into the engine, every time (a warning PyTorch's
    Python code gives with warnings.warn)."""
    frame, level = sys._getframe(), 1  # stacklevel 1 is this function
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_ENGINE):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, UserWarning, stacklevel=level)


def new_run():
    from . import _dtype, _tensor_str
    from .autograd import grad_mode
    _shown.clear()
    settings.update(_DEFAULT_SETTINGS)
    _dtype.set_default_dtype(_dtype.float32)
    _tensor_str.set_printoptions(profile="default")
    grad_mode._state.update(enabled=True, inference=False)
