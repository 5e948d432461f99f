"""Bit-exact float32 kernels, named after PyTorch's ATen CPU kernels.

Each function reproduces the order of roundings of PyTorch 2.13's CPU kernel for that op
(checked bit for bit against real PyTorch by tests/test_aten_parity.py). They know nothing of tensors: they take flat float32
values (a list, an ``array('f')`` or a 1-D numpy float32 array) plus shape/stride numbers,
and return a list, or a numpy array when the input was one. Both paths give the same bits.

Modules: ``special`` (exp/log emulations, sigmoid, backward formulas, correctly rounded
stand-ins), ``reduce`` (sum, mean, var, std, norm, prod, cumsum, cumprod), ``linalg``
(mm, addmm/linear, bmm, mv, dot) and ``loss`` (softmax family and losses). The loops of
nn.functional's layers, on flat values and shape numbers: ``conv``, ``pool`` (max, avg,
adaptive avg), ``upsample`` (nearest, (bi)linear), ``norm`` (layer, batch, group) and
``embedding``; nn/functional.py keeps their API, checks and derivative entries.
"""

# Lane count of the AVX kernels torch dispatches to for sigmoid and the softmax family:
# 16 on the AVX-512 machines the project's reference outputs come from (8 on AVX2-only).
LANES = 16

# torch.get_num_threads() on the reference machine. Full sums of >= GRAIN_SIZE elements
# are split into this many chunks, so their bits depend on it.
NUM_THREADS = 2

# at::internal::GRAIN_SIZE: below this many elements torch never splits work over threads.
GRAIN_SIZE = 32768
