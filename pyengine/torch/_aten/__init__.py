"""Bit-exact float32 kernels, named after PyTorch's ATen CPU kernels.

Each function reproduces the order of roundings of PyTorch 2.13's CPU kernel for that op
(checked bit for bit against real PyTorch by tests/test_aten_parity.py, on each backend).
They know nothing of tensors. The calling convention (the softmax, loss, reduction, matrix
product and element-wise kernels of ``special``, ``reduce``, ``linalg``, ``loss``):

* float32 values come in as flat buffers of the active backend (``array('f')`` on the
  pure-Python one, float32 ndarrays on numpy), never lists; shapes, strides, dims, class
  targets and flags are Python numbers and lists;
* a result is a buffer of the active backend, also when PyTorch's kernel gives a 0-d tensor
  (``dot``, ``nll_loss``/``cross_entropy``/``mse_loss``/``binary_cross_entropy`` with
  reduction "mean"/"sum"): a one-element buffer, the 0-d tensor's storage. Reductions return
  (buffer, result shape); a kernel handed an ``out`` buffer (``sum_range``, ``norm_lastdim``)
  writes into it and returns None. Callers make tensors of results without converting them.

The loops of nn.functional's layers (``conv``, ``pool``, ``pool_nd``, ``upsample``,
``grid_sample``, ``norm`` (weight_norm's fused kernel too), ``embedding``, ``ctc``, and in
``loss`` nll's ``nll_values``/``nll_backward`` and the multi-class and multi-label margin
losses) follow it for any float dtype: values come in as the
tensors' own buffers (float32, float64, float16 storage; indices as integer buffers) and the
result is a buffer of the precision the loop computed in: float32 when every step is rounded to
float32 (their ``float32`` flag), the input's type for values only picked (max pooling and
unpooling, embedding rows, with int64 indices), else float64 (sums and statistics in float64),
which the caller rounds once to the tensor's dtype (the backend's ``as_buffer``). Results with
several parts are tuples (output shape, buffers ...). Class targets (nll, ctc) stay int lists.

tests/test_aten_parity.py checks this for every ``@backend_kernel`` (and every golden case's
result) on both backends, that nn.functional hands the layer loops buffers, and that the
numpy backend's versions of the layer loops give the pure-Python loops' bits.

The loops here are the pure-Python backend's; a kernel marked ``@backend_kernel`` runs the active backend's own version instead when it has
one (numpy's whole-array kernels, ``_backend/numpy.py``'s ``ATEN``). Both give the same bits.

Modules: ``special`` (exp/log emulations, sigmoid, backward formulas, correctly rounded
stand-ins; the element-wise libm emulations themselves are in ``_libm32``, shared with the
numpy backend), ``reduce`` (sum, mean, var, std, norm, prod, cumsum, cumprod), ``linalg``
(mm, addmm/linear, bmm, mv, dot) and ``loss`` (softmax family and losses). The loops of
nn.functional's layers, on flat buffers and shape numbers: ``conv``, ``pool`` (max, avg,
adaptive avg), ``pool_nd`` (adaptive pooling of any number of dims, max unpooling, fractional
max pooling), ``upsample`` (nearest, (bi)linear), ``grid_sample``, ``norm`` (layer, batch,
group, weight_norm), ``embedding`` and ``ctc``; nn/functional.py (and its companion modules)
keeps their API, checks and derivative entries. ``optim``: an optimizer's step over a
parameter's whole buffer in one call of the browser's kernels (Adam's; elsewhere the optimizer
runs its tensor ops). The drivers both backends share (the sum
cascade, rule F's k-blocks, vector runs, the convolution's and pooling's output sizes) and the
reference machine's constants are in ``_common``.
"""
from ._common import GRAIN_SIZE, LANES, NUM_THREADS  # noqa: F401  (the reference machine)
