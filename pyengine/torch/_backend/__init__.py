"""The array backend: flat, contiguous element buffers and the kernels that work on them.

Two implementations share one interface (see ``python.py`` for the full list of names):
``numpy`` where numpy imports, ``python`` (``array.array`` storage, float32 kept as
float32) everywhere else. ``PYENGINE_BACKEND=numpy|python`` forces one.
Tensors never look inside a buffer; they only pass buffers to these functions.
"""
import os


def _select():
    wanted = os.environ.get("PYENGINE_BACKEND", "").strip().lower()
    if wanted not in ("", "numpy", "python"):
        raise ImportError(f"PYENGINE_BACKEND must be 'numpy' or 'python', not {wanted!r}")
    if wanted in ("", "numpy"):
        try:
            from . import numpy as chosen
            return chosen
        except ImportError:
            if wanted == "numpy":
                raise
    from . import python as chosen
    return chosen


backend = _select()
