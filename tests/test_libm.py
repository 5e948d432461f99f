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
log_misses = sum(_libm.correctly_rounded_log(x) != math.log(x) for x in [random.random() for _ in range(2000)])
bases = [random.uniform(-10, 10) for _ in range(2000)]
pow_misses = sum(_libm.pow_correctly_rounded_integer(x, k) != math.pow(x, k) for x in bases for k in (3, 4, 7))
print(log1p_misses, log_misses, pow_misses)
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="compares with glibc's libm")
def test_stand_ins_agree_with_glibc():
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, check=True)
    log1p_misses, log_misses, pow_misses = map(int, out.stdout.split())
    assert log1p_misses == 0  # glibc's algorithm, bit for bit
    assert log_misses <= 4  # correctly rounded vs glibc's 0.55-ulp log
    assert pow_misses <= 12  # correctly rounded powers vs glibc's 0.52-ulp pow (~0.1% differ)


TRIG_CHECK = """
import math, random, struct
from torch import _libm
random.seed(2)
def any_double():
    return struct.unpack("<d", struct.pack("<Q", random.getrandbits(64)))[0]
xs = [random.uniform(-4, 4) for _ in range(20000)]  # the table, the Taylor polynomial, pi/2 - |x|
xs += [math.ldexp(random.random(), random.randint(-30, 27)) for _ in range(10000)]  # up to the reduction's end
xs += [k * math.pi / 2 * (1 + e) for k in range(-3000, 3000) for e in (0.0, 2.2e-16)]  # near multiples of pi/2
xs += [math.ldexp(random.random(), random.randint(26, 1023)) for _ in range(4000)]  # the large reduction
xs += [v for v in (any_double() for _ in range(4000)) if math.isfinite(v)]
xs += [-x for x in xs]
xs += [0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 2.0 ** -26, 2.0 ** -27, 2.0 ** -26 * (1 - 2.0 ** -53),
       0.126, float.fromhex("0x1.b6p-1"), float.fromhex("0x1.368fdp1"), float.fromhex("0x1.921fbp26"), 1e22,
       1.7976931348623157e308, 6381956970095103 * 2.0 ** 797]
xs += [-math.pi + k * (2 * math.pi / 1999) for k in range(2000)]  # about the warm-up's np.linspace(-pi, pi, 2000)
bits = struct.Struct("<d").pack
print(sum(bits(_libm.glibc_sin(x)) != bits(math.sin(x)) for x in xs),
      sum(bits(_libm.glibc_cos(x)) != bits(math.cos(x)) for x in xs),
      math.isnan(_libm.glibc_sin(math.nan)), math.isnan(_libm.glibc_cos(-math.nan)))
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="compares with glibc's libm")
def test_sin_and_cos_are_glibcs_bit_for_bit():
    """The stand-ins for sin and cos off glibc (Pyodide) are glibc's algorithm as math.sin/math.cos
    run it here (its FMA build): equal bits, signed zeros included, over all the algorithm's
    ranges. The correctly rounded values, used before, differ on ~0.1% of these."""
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", TRIG_CHECK], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "0", "True", "True"]


def test_sin_cos_tables_are_sin_and_cos():
    """The double-double table of sin and cos at i/128 and the digits of 2/pi, regenerated at import:
    checked here against decimal arithmetic (glibc's stored remainders that are not the nearest
    doubles are at most 39 units of their last place off)."""
    code = """
from decimal import Decimal, getcontext
from torch import _libm
getcontext().prec = 80
def series(x, first):
    total, term, n = Decimal(0), Decimal(1) if first == 0 else x, first
    while abs(term) > Decimal(10) ** -70:
        total += term
        term = -term * x * x / ((n + 1) * (n + 2))
        n += 2
    return total
worst = 0
for i, entry in enumerate(_libm._SINCOS):
    x = Decimal(i) / 128
    for high, low, exact in ((entry[0], entry[1], series(x, 1)), (entry[2], entry[3], series(x, 0))):
        assert float(exact) == high, i
        rest = exact - Decimal(high)
        worst = max(worst, abs(rest - Decimal(low)) / Decimal(abs(low) or 1) * 2 ** 52)
pi = Decimal("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798")
getcontext().prec = 100
two_over_pi = 2 / pi
digits = [int(two_over_pi * 2 ** (24 * (i + 1))) % 2 ** 24 for i in range(12)]
print(len(_libm._SINCOS), round(worst), digits == _libm._TWO_OVER_PI[:12], _libm._TWO_OVER_PI[:3])
"""
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    count, worst, digits_ok, first = out.stdout.strip().split(maxsplit=3)
    assert (count, digits_ok, first) == ("110", "True", "[10680707.0, 7228996.0, 1387004.0]")
    assert 30 <= int(worst) <= 40  # the 39-unit remainder, no worse


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
