"""pyengine's float64 libm stand-ins (torch/_libm.py) against glibc, which made the reference outputs.

Runs where CPython's math is glibc's (Linux); in a subprocess, since the engine is `torch` there.
"""
import os
import platform
import subprocess
import sys

import pytest

ENGINE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyengine")

CHECK = """
import math, random
from torch import _libm
random.seed(0)
near_one = [random.uniform(-1, 1) * 10.0 ** random.randint(-30, 0) for _ in range(3000)]
wide = [random.random() * 10.0 ** random.randint(0, 300) for _ in range(1000)]
specials = [-0.9999999999, 0.0, -0.0, math.inf, 5e-324, -5e-324]
log1p_misses = sum(_libm.glibc_log1p(x) != math.log1p(x) or math.copysign(1, _libm.glibc_log1p(x))
                   != math.copysign(1, math.log1p(x)) for x in near_one + wide + specials)
angles = [random.uniform(-10, 10) for _ in range(2000)]
trig_misses = sum(_libm.correctly_rounded_sin(x) != math.sin(x) for x in angles) + \\
    sum(_libm.correctly_rounded_cos(x) != math.cos(x) for x in angles)
log_misses = sum(_libm.correctly_rounded_log(x) != math.log(x) for x in [random.random() for _ in range(2000)])
print(log1p_misses, trig_misses, log_misses)
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="compares with glibc's libm")
def test_stand_ins_agree_with_glibc():
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, check=True)
    log1p_misses, trig_misses, log_misses = map(int, out.stdout.split())
    assert log1p_misses == 0  # glibc's algorithm, bit for bit
    assert trig_misses <= 8 and log_misses <= 4  # correctly rounded vs glibc's 0.55-ulp functions


FIXED_CHECK = """
import math, random
from torch import _libm
random.seed(1)
xs = [random.uniform(-10, 10) for _ in range(3000)] + [random.uniform(-1e6, 1e6) for _ in range(1000)] + \\
    [math.ldexp(random.random(), random.randint(-40, 29)) * random.choice((1, -1)) for _ in range(3000)] + \\
    [355.0, 103993.0, 1.5707963267948966, math.pi, 2 * math.pi, 2.0 ** -26, 2.0 ** -27, 1e9, 5e8 * math.pi]
print(sum(_libm.correctly_rounded_sin(x) != float(_libm._sin_cos(x)[0]) for x in xs)
      + sum(_libm.correctly_rounded_cos(x) != float(_libm._sin_cos(x)[1]) for x in xs))
"""


def test_fixed_point_sin_cos_round_as_the_decimal_ones():
    """The 200-bit integer path (taken when its error bound decides the rounding) gives the
    decimal path's correctly rounded doubles, near multiples of pi/2 and for tiny arguments too."""
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", FIXED_CHECK], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0"]


FLOAT32_CHECK = """
import ctypes, random, struct
from torch._aten import _libm32
libm = ctypes.CDLL("libm.so.6")
random.seed(2)
xs = [struct.unpack("<f", struct.pack("<I", random.getrandbits(32)))[0] for _ in range(20000)]
xs += [random.gauss(0, s) for s in (1e-3, 0.1, 1.0, 3.0, 10.0) for _ in range(4000)]
xs = [struct.unpack("<f", struct.pack("<f", v))[0] for v in xs] + [0.0, -0.0, float("inf"), -float("inf")]
misses = []
for name, ours in (("tanhf", _libm32.tanhf_glibc1), ("erff", _libm32.erff_glibc1), ("expm1f", _libm32.expm1f_glibc1)):
    fn = getattr(libm, name)
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    misses.append(sum(struct.pack("<f", ours(x)) != struct.pack("<f", fn(x)) for x in xs if x == x))
print(*misses)
"""


def _glibc_version():
    name, version = platform.libc_ver()
    return tuple(int(p) for p in version.split(".")) if name == "glibc" else None


@pytest.mark.skipif(not _glibc_version() or _glibc_version() >= (2, 41),
                    reason="compares with glibc's fdlibm tanhf/erff (2.41 replaced them with CORE-MATH's)")
def test_float32_emulations_agree_with_glibc():
    """GELU's scalar tail calls glibc's tanhf and erff (fdlibm's float code, with its expm1f): the
    engine's copies (torch/_aten/_libm32.py) give glibc's bits."""
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", FLOAT32_CHECK], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "0", "0"]
