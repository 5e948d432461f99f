"""PyTorch's TORCH_WARN_ONCE: a warning shown only the first time in a process.

A program run is the process here: whatever runs programs one after another in one
interpreter (the app's worker, the golden test runner) calls ``new_run()`` before each.
"""
import warnings

_shown = set()


def warn_once(message, stacklevel=1):
    if message not in _shown:
        _shown.add(message)
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)


def new_run():
    _shown.clear()
