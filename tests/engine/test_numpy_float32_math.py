"""The browser's numpy computes float32 transcendental functions bit for bit as real numpy does on
a laptop without AVX-512 (x86-64-v3: AVX2 + FMA3): `exp`, `log`, `sin`, `cos`, `tanh` with numpy's
own SIMD algorithms, the others (`arcsinh`, `cbrt` ... included) with glibc's float functions, which numpy calls there (`power` of
one exponent with numpy's shortcuts: the parity program tests/numpy_parity/programs/float32_math.py).

Real numpy runs in a subprocess with NPY_DISABLE_CPU_FEATURES=X86_V4 (as tests/gen/gen_numpy.py
records the parity suite), on random float32 bit patterns across each function's domain, uniform
values where programs live, and the edges (zeros, subnormals, infinities, NaN, the thresholds where
an algorithm changes branch), and for float16 every half. Every result must have numpy's bits, the
sign of zero included."""
import platform
import sys

import pytest

from conftest import browser_numpy, differing_bits, numpy_v3_results  # the browser's numpy under another name

if sys.platform == "emscripten":
    pytest.skip("compares with real numpy, which Pyodide does not have here", allow_module_level=True)
if platform.libc_ver()[0] != "glibc":
    pytest.skip("numpy's float32 functions outside its SIMD loops are the C library's: this compares with glibc's",
                allow_module_level=True)


# name: (arguments' ranges for the uniform draws, positive-only bit patterns)
FUNCTIONS = {
    "exp": ((-20, 20), False), "exp2": ((-20, 20), False), "expm1": ((-5, 5), False),
    "log": ((0, 100), True), "log2": ((0, 100), True), "log10": ((0, 100), True), "log1p": ((-1, 10), False),
    "sin": ((-10, 10), False), "cos": ((-10, 10), False), "tan": ((-10, 10), False),
    "arcsin": ((-1, 1), False), "arccos": ((-1, 1), False), "arctan": ((-10, 10), False),
    "sinh": ((-10, 10), False), "cosh": ((-10, 10), False), "tanh": ((-5, 5), False),
    "arcsinh": ((-10, 10), False), "arccosh": ((1, 20), True), "arctanh": ((-1, 1), False), "cbrt": ((-100, 100), False),
    "sqrt": ((0, 100), True), "arctan2": ((-10, 10), False), "hypot": ((-10, 10), False), "power": ((-3, 10), False),
}
EDGES = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -1.0, 0.5, -0.5, 2.0 ** -149, -2.0 ** -149,
         2.0 ** -126, 1.1754942e-38, 3.4028235e38, -3.4028235e38, 1e-30, 88.72283935546875, 88.7228317,
         88.72284, -103.97208404541015625, -103.972076, -87.33655, -87.3365478515625, -87.5, -100.0, 128.0, -150.0,
         -149.5, 117435.992, 117436.0, -117435.992, 71476.0625, 71476.07, -71476.0625, 120.0, 119.99999,
         0.7853982, 0.6744, 2.4375, 1.1875, 0.4375, 22.0, 9.0, 8.9, 0.975, 0.70710677, 1.4142135, 1e30, 2.0 ** 25,
         1e-8, 3.0, -3.0, 0.0625, 0.0546875]

NUMPY = """
import json, sys
import numpy as np
functions, edges, n = json.loads(sys.stdin.read())
from numpy._core._multiarray_umath import __cpu_features__ as cpu
assert not cpu.get("X86_V4"), "NPY_DISABLE_CPU_FEATURES=X86_V4 did not take"
rng = np.random.default_rng(34)
out = {"v3": bool(cpu.get("X86_V3"))}
for name, ((low, high), positive) in functions.items():
    nin = 2 if name in ("arctan2", "hypot", "power") else 1
    args = []
    for k in range(nin):
        bits = rng.integers(0, 2 ** 31 if positive else 2 ** 32, n, dtype=np.uint64).astype(np.uint32)
        edge = np.array(edges, dtype=np.float32)
        if nin == 2:
            edge = np.repeat(edge, 3) if k == 0 else np.tile(np.concatenate([edge[::2], edge[1::2]]), 3)[:3 * len(edges)]
        args.append(np.concatenate([bits.view(np.float32), rng.uniform(low, high, n).astype(np.float32), edge]))
    with np.errstate(all="ignore"):
        result = getattr(np, name)(*args)
    out[name] = [[a.view(np.uint32).tolist() for a in args], result.view(np.uint32).tolist()]
    # float16: every finite half for a unary function, random pairs for a binary one
    halves = [np.arange(0, 0xfc00, dtype=np.uint16)] if nin == 1 else \
        [rng.integers(0, 0x10000, 3 * n).astype(np.uint16) for _ in range(2)]
    with np.errstate(all="ignore"):
        result = getattr(np, name)(*[h.view(np.float16) for h in halves])
    out[name + "/float16"] = [[h.tolist() for h in halves], result.view(np.uint16).tolist()]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def numpy_results():
    return numpy_v3_results(NUMPY, [FUNCTIONS, EDGES, 4000], "float32")


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_function_has_numpys_bits(numpy_results, name, dtype):
    """float32 as above; float16 as numpy's float16 loops compute it: glibc's float function (not
    numpy's SIMD one), rounded to half."""
    import numpy as real
    ours = browser_numpy()
    args, expected = numpy_results[name if dtype == "float32" else f"{name}/float16"]
    bits = real.uint32 if dtype == "float32" else real.uint16
    arrays = [real.array(a, dtype=bits).view(dtype) for a in args]
    with real.errstate(invalid="ignore"):
        values = [a.astype(real.float64).tolist() for a in arrays]
    got = getattr(ours, name)(*[ours.array(v, dtype=dtype) for v in values])
    assert str(got.dtype) == dtype
    assert not differing_bits(name, arrays, got, expected, dtype, bits)


def test_a_float32_scalar_takes_the_same_loop():
    ours = browser_numpy()
    assert repr(ours.exp(ours.float32(0.2364325))) == "np.float32(1.266722)"  # the correctly rounded value ends in 1
    assert repr(ours.tanh(ours.float32(-2.7440526))) == "np.float32(-0.99176276)"
