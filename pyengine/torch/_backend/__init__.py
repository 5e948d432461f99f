"""The array backend: flat, contiguous element buffers and the kernels that work on them.

Two implementations of one protocol: ``numpy`` where numpy imports, ``python`` (``array.array``
storage, float32 kept as float32) everywhere else; ``PYENGINE_BACKEND=numpy|python`` forces
one. Tensors never look inside a buffer; they only pass buffers to these names, and each
backend defines exactly these public names (tests/engine/test_layers.py checks it). A
numpy-only fast path lives in ``numpy.py``, behind one of them.

Buffers: ``from_list(values, dtype)`` (rounding to dtype), ``one(value, dtype)`` (the 0-d fast
path's one-element buffer), ``full(n, value, dtype)``, ``copy(buf)``, ``as_buffer(values,
dtype)`` (an _aten kernel's result, a list or a buffer, as a buffer), ``cast(buf, dtype)``.
Reading: ``to_list(buf, dtype)``, ``get(buf, i, dtype)``, ``number(buf, i)`` (element i as a
Python number, not bool). Strided regions: ``take(buf, offset, shape, strides)`` (a contiguous
copy), ``put(buf, offset, shape, strides, src)``; flat positions: ``gather(buf, positions)``,
``scatter(buf, positions, src)``. Elementwise: ``unary(name, buf, dtype)``, ``binary(name, a, b,
dtype, out_dtype=None)`` with the kernels named in ``UNARY`` and ``BINARY``, ``fma(a, b, c,
dtype)`` (one rounding), ``where(cond, a, b, dtype)``; ``SCALAR_UNARY``, ``SCALAR_INT_UNARY``,
``SCALAR_BINARY``: the same kernels on Python numbers (the 0-d fast path). numpy:
``from_ndarray(array, dtype)``, ``to_ndarray(buf, offset, shape, strides, dtype)`` (sharing
memory where the backend can). ``NAME``: "numpy" or "python".
"""
PROTOCOL = ("NAME", "from_list", "one", "full", "copy", "as_buffer", "cast", "to_list", "get", "number", "take",
            "put", "gather", "scatter", "unary", "binary", "fma", "where", "UNARY", "BINARY", "SCALAR_UNARY",
            "SCALAR_INT_UNARY", "SCALAR_BINARY", "from_ndarray", "to_ndarray")

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
