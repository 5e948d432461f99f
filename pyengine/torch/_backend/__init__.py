"""The array backend: flat, contiguous element buffers and the kernels that work on them.

Two implementations of one protocol: ``numpy`` where numpy imports, ``python`` (``array.array``
storage, float32 kept as float32) everywhere else; ``PYENGINE_BACKEND=numpy|python`` forces
one. Tensors never look inside a buffer; they only pass buffers to these names, and each
backend defines exactly these public names (tests/engine/test_layers.py checks it). A
numpy-only fast path lives in ``numpy.py``, behind one of them.

Buffers: ``from_list(values, dtype)`` (rounding to dtype), ``one(value, dtype)`` (the 0-d fast
path's one-element buffer), ``full(n, value, dtype)``, ``copy(buf)``, ``as_buffer(values,
dtype)`` (an _aten kernel's result, a list or a buffer, as a buffer; a buffer of another float
type is rounded to dtype once), ``cast(buf, dtype)``.
Reading: ``to_list(buf, dtype)``, ``get(buf, i, dtype)``, ``number(buf, i)`` (element i as a
Python number, not bool). Strided regions: ``take(buf, offset, shape, strides)`` (a contiguous
copy), ``put(buf, offset, shape, strides, src)``; flat positions (a list of ints, or what
``grid_positions`` makes): ``grid_positions(outer, offsets, inner)`` (every ``o + i + a`` for o in
outer, i in offsets, a in inner, lists of ints, in that order: advanced indexing's positions, in the
form the next three take fastest), ``distinct(positions)`` (no position repeated),
``gather(buf, positions)``, ``scatter(buf, positions, src)``, ``scatter_add(buf, positions, src,
dtype)`` (a new buffer, the sums added one at a time in order, each rounded to dtype).
``mm_in_order(a, b, m, k, n, dtype, bias=None, b_transposed=False)``: the matrix product of every
dtype but float32, each output's products added one by one in k's order in the dtype's own
arithmetic. Elementwise:
``unary(name, buf, dtype)``, ``binary(name, a, b, dtype, out_dtype=None)`` with the kernels named
in ``UNARY`` and ``BINARY``, ``fma(a, b, c, dtype)`` (one rounding), ``where(cond, a, b, dtype)``; ``SCALAR_UNARY``, ``SCALAR_INT_UNARY``,
``SCALAR_BINARY``: the same kernels on Python numbers (the 0-d fast path). numpy:
``from_ndarray(array, dtype)``, ``to_ndarray(buf, offset, shape, strides, dtype)`` (sharing
memory where the backend can). ``NAME``: "numpy" or "python".

The bit-exact kernels (``_aten``) take and return these buffers (float32 ones; a 0-d result
is a one-element buffer: the convention is in ``_aten/__init__.py``). ``ATEN``: the backend's
own versions of the ``_aten`` kernels marked ``@backend_kernel``, by kernel name, each with the
kernel's arguments and result, and of the optimizer steps ``_aten.optim.BACKEND_STEPS`` (which fill
their buffers in place). The python backend's is empty: ``_aten``'s loops are its
kernels. numpy's holds whole-array versions of the libm emulations, sigmoid and its backward
formulas, the correctly rounded stand-ins, the sum's kernel calls (``sum_range``),
var, norm, scans, the matrix product's rules (``mm_rule``, ``joined``), the softmax family,
and of the layer loops the convolution's sums, max pooling and its backward, the embedding's
and nll's; max/min over rows (``extreme_rows``) and the in-order sums of an RNN's per-step
gradient terms (``blocks_sum_from_last``).
``RANDOM``: whole-block versions of the random generator's loops (``_random``), by name, with the
signatures of the browser's wasm kernels (``kernels.py``): ``mt19937_refill``, ``mt19937_words``
(``Generator.words`` of more than one block), ``normal_fill_f32``,
and ``uniform_f32(words, low, span, high)``; the same bits (numpy's take and return the state's
624-word blocks as its arrays too). The python backend's is empty.
Both use the drivers in ``_aten._common`` (the sum cascade on a backend's sequence ops
``block_sums``/``seq``/``add``, rule F's k-blocks, the vector runs), so each order of roundings
is written once; tests/test_aten_parity.py checks every kernel on both backends.
"""
PROTOCOL = ("NAME", "from_list", "one", "full", "copy", "as_buffer", "cast", "to_list", "get", "number", "take",
            "put", "grid_positions", "distinct", "gather", "scatter", "scatter_add", "mm_in_order", "unary", "binary",
            "fma", "where", "UNARY", "BINARY", "SCALAR_UNARY", "SCALAR_INT_UNARY", "SCALAR_BINARY", "from_ndarray",
            "to_ndarray", "ATEN", "RANDOM")

import os
import sys


def _select():
    wanted = os.environ.get("PYENGINE_BACKEND", "").strip().lower()
    if wanted not in ("", "numpy", "python"):
        raise ImportError(f"PYENGINE_BACKEND must be 'numpy' or 'python', not {wanted!r}")
    # In the browser `numpy` is the learners' subset (browser_numpy/), not an array backend: it is
    # not even imported here, so a program that never imports numpy never pays for it.
    if wanted == "numpy" or wanted == "" and sys.platform != "emscripten":
        try:
            from . import numpy as chosen
            return chosen
        except ImportError:
            if wanted == "numpy":
                raise
    from . import python as chosen
    return chosen


backend = _select()
