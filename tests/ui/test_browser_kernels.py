"""The browser's compute kernels in the page's Python worker (issues 20 and 35): the worker
installs them at boot, Chromium takes the relaxed-SIMD build (matmul rule F on the CPU's fused
multiply-add), and a matrix product computed by them prints the pure-Python path's bits."""

PROGRAM = """
import struct
import torch
from torch._backend import kernels
torch.manual_seed(0)
a, b = torch.randn(40, 64), torch.randn(64, 48)
bits = lambda t: struct.pack(f"<{t.numel()}f", *t.tolist())
fast = bits(torch.relu(a @ b + 0.5).sum(0))
installed, kernels.wasm = kernels.wasm, None
slow = bits(torch.relu(a @ b + 0.5).sum(0))
kernels.wasm = installed
print(installed is not None, kernels.FUSED_MADD, fast == slow)
"""


def test_the_worker_computes_with_the_kernels_and_the_same_bits(lesson_app):
    lesson_app.run(PROGRAM)
    assert lesson_app.output().split() == ["True", "True", "True"]
