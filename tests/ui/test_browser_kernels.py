"""The browser's compute kernels in the page's Python worker (issue 20): the worker installs
them at boot, and a matrix product computed by them prints the pure-Python path's bits."""

PROGRAM = """
import torch
from torch._backend import kernels
torch.manual_seed(0)
a, b = torch.randn(40, 64), torch.randn(64, 48)
fast = torch.relu(a @ b + 0.5).sum(0)
installed, kernels.wasm = kernels.wasm, None
slow = torch.relu(a @ b + 0.5).sum(0)
kernels.wasm = installed
print(installed is not None, fast.view(torch.int32).tolist() == slow.view(torch.int32).tolist())
"""


def test_the_worker_computes_with_the_kernels_and_the_same_bits(lesson_app):
    lesson_app.run(PROGRAM)
    assert lesson_app.output().split() == ["True", "True"]
