"""The browser's numpy computes float64 `tanh` and `hypot` bit for bit as real numpy does on a laptop
without AVX-512 (x86-64-v3): tanh with numpy's own SIMD algorithm (not glibc's tanh, which
math.tanh is: they differ on ~15-27% of inputs), hypot with glibc's (not CPython's math.hypot,
which differs on ~0.6%).

Real numpy runs in a subprocess with NPY_DISABLE_CPU_FEATURES=X86_V4 (as tests/gen/gen_numpy.py
records the parity suite), on random float64 bit patterns, uniform values where programs live,
values at every scale and the edges (zeros, subnormals, infinities, NaN, the interval and
threshold boundaries). Every result must have numpy's bits, the sign of zero included."""
import math
import platform
import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("compares with real numpy, which Pyodide does not have here", allow_module_level=True)
if platform.libc_ver()[0] != "glibc":
    pytest.skip("numpy's float64 hypot is the C library's: this compares with glibc's", allow_module_level=True)

from conftest import browser_numpy, differing_bits, numpy_v3_results  # noqa: E402

EDGES = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 2.0 ** -1022, 1e-300, 1e-8, 0.21875,
         0.21874999999999997, 0.5, 1.0, -1.0, 3.0, 7.0, 19.0, 20.0, 22.0, -22.0, 1e300, 2.0 ** 1022 * 1.5,
         2.0 ** 1022 * 1.4999999999999998, 1.7976931348623157e308, 2.0 ** 511, 2.0 ** -459, 2.0 ** -460, 1e-310]

NUMPY = """
import json, sys
import numpy as np
edges, n = json.loads(sys.stdin.read())
from numpy._core._multiarray_umath import __cpu_features__ as cpu
assert not cpu.get("X86_V4"), "NPY_DISABLE_CPU_FEATURES=X86_V4 did not take"
rng = np.random.default_rng(34)

def draws():
    bits = rng.integers(0, 2 ** 64, n, dtype=np.uint64).view(np.float64)
    scales = rng.uniform(-1, 1, n) * 10.0 ** rng.integers(-320, 309, n)
    return np.concatenate([bits, rng.uniform(-25, 25, n), scales, np.array(edges)])

x, y = draws(), draws()
y[-len(edges):] = np.array(edges[::-1])
with np.errstate(all="ignore"):
    out = {"v3": bool(cpu.get("X86_V3")), "tanh": [[x.view(np.uint64).tolist()], np.tanh(x).view(np.uint64).tolist()],
           "hypot": [[x.view(np.uint64).tolist(), y.view(np.uint64).tolist()], np.hypot(x, y).view(np.uint64).tolist()]}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def numpy_results():
    return numpy_v3_results(NUMPY, [EDGES, 2000], "float64")


@pytest.mark.parametrize("name", ["tanh", "hypot"])
def test_function_has_numpys_bits(numpy_results, name):
    import numpy as real
    ours = browser_numpy()
    args, expected = numpy_results[name]
    arrays = [real.array(a, dtype=real.uint64).view(real.float64) for a in args]
    got = getattr(ours, name)(*[ours.array(a.tolist()) for a in arrays])
    assert str(got.dtype) == "float64"
    assert not differing_bits(name, arrays, got, expected, real.float64, real.uint64)


def test_a_float64_scalar_takes_the_same_loop():
    ours = browser_numpy()
    assert repr(ours.tanh(ours.float64(0.7104315197882991))) == "np.float64(0.6109473562678992)"  # glibc's: ...93
