"""pyengine's float64 libm stand-ins (torch/_libm.py) against glibc, which made the reference outputs.

Runs where CPython's math is glibc's (Linux); in a subprocess, since the engine is `torch` there.
"""
import os
import platform
import subprocess
import sys
from fractions import Fraction

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
bases = [random.uniform(-10, 10) for _ in range(2000)]
pow_misses = sum(_libm.pow_correctly_rounded_integer(x, k) != math.pow(x, k) for x in bases for k in (3, 4, 7))
print(log1p_misses, trig_misses, log_misses, pow_misses)
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="compares with glibc's libm")
def test_stand_ins_agree_with_glibc():
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, check=True)
    log1p_misses, trig_misses, log_misses, pow_misses = map(int, out.stdout.split())
    assert log1p_misses == 0  # glibc's algorithm, bit for bit
    assert trig_misses <= 8 and log_misses <= 4  # correctly rounded vs glibc's 0.55-ulp functions
    assert pow_misses <= 12  # correctly rounded powers vs glibc's 0.52-ulp pow (~0.1% differ)


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


def test_integer_powers_are_correctly_rounded():
    """_libm's stand-in for pow off glibc: x ** k for an integer k from 3 to 64 is the exact power
    rounded once (overflow to a signed inf, underflow to subnormals and zero), other exponents libm's."""
    code = """
import math
from fractions import Fraction
from torch import _libm
p = _libm.pow_correctly_rounded_integer
cases = [(1.1, 3), (-1.1, 3.0), (3.0, 64), (-2.0, 1025 // 16), (1e300, 3), (-1e300, 5), (1e-300, 3), (5e-324, 3),
         (0.0, 3), (-0.0, 3), (math.inf, 3), (-math.inf, 4), (2.0, 0.5), (2.0, -2), (2.0, 100)]
print([repr(p(x, k)) for x, k in cases])
"""
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == repr([repr(v) for v in [
        float(Fraction(1.1) ** 3), float(Fraction(-1.1) ** 3), float(Fraction(3) ** 64), float(Fraction(-2.0) ** 64), float("inf"),
        float("-inf"), 0.0, 0.0, 0.0, -0.0, float("inf"), float("inf"), 2.0 ** 0.5, 0.25, 2.0 ** 100]])
