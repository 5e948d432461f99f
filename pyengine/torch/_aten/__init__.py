"""Bit-exact float32 kernels, named after PyTorch's ATen CPU kernels.

Each function reproduces the order of roundings of PyTorch 2.13's CPU kernel for that op
(checked bit for bit against real PyTorch by tests/test_aten_parity.py, on each backend).
They know nothing of tensors: they take flat float32 backend buffers (or lists) plus
shape/stride numbers and return buffers. The loops here are the pure-Python backend's; a
kernel marked ``@backend_kernel`` runs the active backend's own version instead when it has
one (numpy's whole-array kernels, ``_backend/numpy.py``'s ``ATEN``). Both give the same bits.

Modules: ``special`` (exp/log emulations, sigmoid, backward formulas, correctly rounded
stand-ins; the element-wise libm emulations themselves are in ``_libm32``, shared with the
numpy backend), ``reduce`` (sum, mean, var, std, norm, prod, cumsum, cumprod), ``linalg``
(mm, addmm/linear, bmm, mv, dot) and ``loss`` (softmax family and losses). The loops of
nn.functional's layers, on flat values and shape numbers: ``conv``, ``pool`` (max, avg,
adaptive avg), ``upsample`` (nearest, (bi)linear), ``norm`` (layer, batch, group) and
``embedding``; nn/functional.py keeps their API, checks and derivative entries. The drivers
both backends share (the sum cascade, rule F's k-blocks, vector runs) and the reference
machine's constants are in ``_common``.
"""
from ._common import GRAIN_SIZE, LANES, NUM_THREADS  # noqa: F401  (the reference machine)
