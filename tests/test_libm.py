"""pyengine's float64 libm (torch/_libm.py) against glibc, which made the reference outputs.

Runs where CPython's math is glibc's (Linux); in a subprocess, since the engine is `torch` there;
glibc's results recorded here are also compared inside Pyodide, whose libm (musl) is not glibc's.
"""
import math
import os
import platform
import random
import struct
import subprocess
import sys
from array import array

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

ENGINE_DIR = suite.ENGINE_DIR

CHECK = """
import math, random
from torch import _libm
random.seed(0)
near_one = [random.uniform(-1, 1) * 10.0 ** random.randint(-30, 0) for _ in range(3000)]
wide = [random.random() * 10.0 ** random.randint(0, 300) for _ in range(1000)]
specials = [-0.9999999999, 0.0, -0.0, math.inf, 5e-324, -5e-324]
print(sum(_libm.glibc_log1p(x) != math.log1p(x) or math.copysign(1, _libm.glibc_log1p(x))
          != math.copysign(1, math.log1p(x)) for x in near_one + wide + specials))
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="compares with glibc's libm")
def test_log1p_agrees_with_glibc():
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0"]  # glibc's algorithm, bit for bit


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


def _log_inputs(rng, from_bits):
    """Positive doubles over every path of glibc's log: any bit pattern (subnormals, inf and nan
    among them), the polynomial's window near 1 (x in [1 - 2**-4, 1 + 0x1.09p-4)) and its edges
    to the last unit, 1 +- tiny, the samplers' (0, 1), powers of two and their neighbours."""
    low, high = 1.0 - 2.0 ** -4, 1.0 + float.fromhex("0x1.09p-4")
    xs = [from_bits(rng.getrandbits(63)) for _ in range(60000)]
    xs += [rng.uniform(low - 0.01, high + 0.01) for _ in range(60000)]
    xs += [1.0 + rng.uniform(-1, 1) * 2.0 ** rng.randint(-60, -4) for _ in range(30000)]
    xs += [rng.random() for _ in range(30000)]
    for edge in (low, high):
        bits = struct.unpack("<Q", struct.pack("<d", edge))[0]
        xs += [from_bits(bits + k) for k in range(-1000, 1000)]
    xs += [math.ldexp(m, e) for e in range(-1074, 1024) for m in (1.0, 1.0 + 2.0 ** -52, 1.0 - 2.0 ** -53)
           if math.ldexp(m, e) > 0]
    xs += [from_bits(k) for k in range(1, 1000)] + [from_bits(0x000FFFFFFFFFFFFF - k) for k in range(1000)]
    return xs + [1.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, math.inf, math.nan]


def _exp_inputs(rng, from_bits):
    """Doubles over every path of glibc's exp: the whole range to overflow and to 0, the shifted
    scale of |x| >= 512 both ways (subnormal results among them), normal draws, tiny |x| down to
    2**-54 and below, any bit pattern, the ends."""
    xs = [rng.uniform(-745.2, 709.8) for _ in range(60000)] + [rng.gauss(0, 1) for _ in range(40000)]
    xs += [rng.uniform(-1, 1) * 10 ** rng.uniform(-17, 0) for _ in range(30000)]
    xs += [rng.uniform(-745.2, -708) for _ in range(20000)] + [rng.uniform(700, 709.8) for _ in range(10000)]
    xs += [from_bits(rng.getrandbits(64)) for _ in range(20000)]
    return xs + [0.0, -0.0, 2.0 ** -54, -(2.0 ** -54), 2.0 ** -55, 512.0, -512.0, 709.782712893384,
                 -708.3964185322641, -745.1332191019411, -745.1332191019412, -1024.0, -math.inf, math.nan]


def _pow_inputs(rng, from_bits):
    """(x, y) over glibc's pow's paths: moderate bases and exponents, negative bases with integer
    exponents (odd and even), results near overflow and subnormal, subnormal bases, tiny and huge
    exponents, any bit patterns, and the special values with each other."""
    pairs = [(rng.uniform(0, 10), rng.uniform(-10, 10)) for _ in range(20000)]
    pairs += [(rng.uniform(-10, 10), float(rng.randint(-80, 80))) for _ in range(15000)]
    pairs += [(rng.uniform(0.5, 2), rng.uniform(-1100, 1100)) for _ in range(15000)]
    pairs += [(math.ldexp(rng.random(), rng.randint(-1074, 1023)), rng.uniform(-3, 3)) for _ in range(15000)]
    pairs += [(rng.random(), rng.choice([0.5, 1.5, 2.5, 1 / 3, -0.5, 3.0, 2.0, -1.0, 1e-70, 1e19])) for _ in range(10000)]
    pairs += [(from_bits(rng.getrandbits(64)), from_bits(rng.getrandbits(64))) for _ in range(15000)]
    pairs += [(-rng.uniform(0, 3), float(rng.randint(-3000, 3000))) for _ in range(10000)]
    special = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 2.0, -2.0, 0.5, 5e-324, -5e-324, 1e308, 3.0,
               -3.0, 2.0 ** 63, 2.0 ** -66, 1.5]
    return pairs + [(a, b) for a in special for b in special]


def _expm1_inputs(rng, from_bits):
    """Doubles over glibc's expm1's paths: |x| below ln2/2 (no reduction), up to 1.5 ln2 (k = +-1),
    the reduced range with k < 20, below 56 ln2 and beyond, to overflow and to -1, tiny |x|,
    any bit pattern, the bounds."""
    xs = [rng.uniform(-40, 40) for _ in range(30000)] + [rng.uniform(-1.1, 1.1) for _ in range(20000)]
    xs += [rng.uniform(-1, 1) * 10 ** rng.uniform(-18, 0) for _ in range(20000)]
    xs += [rng.uniform(-750, 709.78) for _ in range(10000)] + [from_bits(rng.getrandbits(64)) for _ in range(10000)]
    bounds = [0.34657359027997264, 1.0397207708399179, 38.816242111356935, 709.782712893384, 2.0 ** -54, 13.86, 0.25]
    return xs + [b * s for b in bounds for s in (1, -1, 1 + 2.0 ** -52, 1 - 2.0 ** -52, -1 - 2.0 ** -52)] + [
        0.0, -0.0, math.inf, -math.inf, math.nan]


def _everywhere(low, high):
    def inputs(rng, from_bits):
        """Any bit pattern, the working range [low, high], every scale of either sign."""
        xs = [from_bits(rng.getrandbits(64)) for _ in range(15000)] + [rng.uniform(low, high) for _ in range(30000)]
        xs += [rng.choice((1, -1)) * rng.random() * 10.0 ** rng.randint(-320, 308) for _ in range(15000)]
        return xs + [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, 2.0 ** -28, 0.5, 1.0, 2.0, 22.0, 2.0 ** 28,
                     0.34657359027997264, 709.782712893384, 710.4758600739439, 1.7976931348623157e308]
    return inputs


def _near(center, inputs):
    def near(rng, from_bits):
        return inputs(rng, from_bits) + [center + s * rng.random() * 10.0 ** rng.randint(-17, 0)
                                         for s in (1, -1) for _ in range(5000)]
    return near


def _atan2_inputs(rng, from_bits):
    """(y, x) in every quadrant, ratios below 1/16 and above 16, exponents 57 and more apart,
    operands below 2**-500 and above 2**500, any bit patterns, the special values with each other."""
    pairs = [(rng.uniform(-5, 5), rng.uniform(-5, 5)) for _ in range(30000)]
    pairs += [(rng.uniform(-1, 1) * 1e-3, rng.uniform(-5, 5)) for _ in range(10000)]
    pairs += [(rng.uniform(-5, 5), rng.uniform(-1, 1) * 1e-3) for _ in range(10000)]
    pairs += [(rng.choice((1, -1)) * rng.random() * 10.0 ** rng.randint(-323, 308),
               rng.choice((1, -1)) * rng.random() * 10.0 ** rng.randint(-323, 308)) for _ in range(15000)]
    pairs += [(from_bits(rng.getrandbits(64)), from_bits(rng.getrandbits(64))) for _ in range(5000)]
    special = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 5e-324, -1e308, 2.0 ** 500, 2.0 ** -500]
    return pairs + [(a, b) for a in special for b in special]


def _tan_inputs(rng, from_bits):
    """Every range of glibc's tan (the polynomial, the table, each reduction) and its multiples of
    pi/2, where the result is large or tiny."""
    xs = _everywhere(-30, 30)(rng, from_bits) + [rng.uniform(-1e9, 1e9) for _ in range(10000)]
    return xs + [k * math.pi / 2 * (1 + e) for k in range(-2000, 2000) for e in (0.0, 2.2e-16)]


# name: (inputs, those raising an error as math's)
FUNCTIONS = {"log": (_log_inputs, "(0.0, -0.0, -1.0, -5e-324, -math.inf)"),
             "exp": (_exp_inputs, "(709.7827128933841, 1000.0, 1e308)"),
             "pow": (_pow_inputs, "((-2.0, 0.5), (0.0, -1.0), (10.0, 400.0), (-10.0, 401.0), (-1e-300, -3.0))"),
             "expm1": (_expm1_inputs, "(709.7827128933841, 1000.0, 1e308)"),
             "cbrt": (_everywhere(-100, 100), "()"),
             "log10": (_log_inputs, "(0.0, -0.0, -1.0, -5e-324, -math.inf)"),
             "sinh": (_everywhere(-30, 30), "(711.0, -711.0, 1e308)"),
             "cosh": (_everywhere(-30, 30), "(711.0, -711.0, 1e308)"),
             "asinh": (_everywhere(-10, 10), "()"),
             "acosh": (_near(1.0, _everywhere(1, 20)), "(0.5, -1.0, -math.inf)"),
             "atanh": (_near(1.0, _near(-1.0, _everywhere(-1, 1))), "(1.0, -1.0, 2.0)"),
             "atan": (_everywhere(-20, 20), "()"),
             "atan2": (_atan2_inputs, "()"),
             "asin": (_near(1.0, _near(-1.0, _everywhere(-1, 1))), "(1.5, -1.0000000000000002, math.inf)"),
             "acos": (_near(1.0, _near(-1.0, _everywhere(-1, 1))), "(1.5, -1.0000000000000002, math.inf)"),
             "tan": (_tan_inputs, "(math.inf, -math.inf)")}
CHECK_AGAINST_GLIBC = """
import math, os, sys
from array import array
from torch import _libm
name = sys.argv[1]
folder = os.path.dirname(os.path.abspath(__file__))
xs, want = array("d"), array("Q")
with open(os.path.join(folder, name), "rb") as f:
    xs.frombytes(f.read())
with open(os.path.join(folder, name + ".glibc"), "rb") as f:
    want.frombytes(f.read())
ours, libms = getattr(_libm, "glibc_" + name), getattr(math, name)
arity = 2 if name in ("pow", "atan2") else 1
args = list(zip(*[iter(xs)] * arity))
def misses(function):
    got = array("Q", array("d", (function(*a) for a in args)).tobytes())
    return sum(a != b and not (b & ~(1 << 63) > 0x7FF0000000000000 and a & ~(1 << 63) > 0x7FF0000000000000)
               for a, b in zip(got, want))
def error(function, x):
    try:
        return function(*x) if type(x) is tuple else function(x)
    except (ValueError, OverflowError) as e:
        return type(e).__name__ + str(e)
errors = sum(type(error(ours, x)) is str and error(ours, x) == error(libms, x) for x in %s)
print(len(args), misses(ours), misses(libms), math.isnan(ours(*[math.nan] * arity)), errors,
      getattr(_libm, name) is (libms if sys.platform == "linux" else ours))
"""


def _returns(function, *args):
    try:
        function(*args)
    except (ValueError, OverflowError):
        return False
    return True


@pytest.fixture(scope="module")
def glibc_results(tmp_path_factory):
    """For each function of FUNCTIONS: inputs and glibc's results, recorded here, and a program comparing
    them with _libm's glibc_<name> and the platform's math.<name>: (its folder, {name: how many})."""
    folder = tmp_path_factory.mktemp("libm")
    rng = random.Random(34)

    def from_bits(bits):
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    counts = {}
    for name, (inputs, errors) in FUNCTIONS.items():
        function = getattr(math, name)
        args = [x if type(x) is tuple else (x,) for x in inputs(rng, from_bits)]
        args = [a for a in args if _returns(function, *a)]  # errors: checked apart
        (folder / name).write_bytes(array("d", [v for a in args for v in a]).tobytes())
        (folder / f"{name}.glibc").write_bytes(array("d", (function(*a) for a in args)).tobytes())  # glibc's bits
        (folder / f"check_{name}.py").write_text(CHECK_AGAINST_GLIBC % errors)
        counts[name] = len(args)
    return folder, counts


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="compares with glibc's libm")
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_ports_are_glibcs_bit_for_bit(glibc_results, name):
    """glibc_log, glibc_exp, glibc_pow, glibc_expm1, ..., used off glibc, are glibc's as math.log,
    math.exp, ... run them here (the FMA builds of log, exp, pow and expm1): equal bits on every
    input (nan as nan), the same errors (ValueError, OverflowError)."""
    folder, counts = glibc_results
    env = {**os.environ, "PYTHONPATH": ENGINE_DIR}
    out = subprocess.run([sys.executable, str(folder / f"check_{name}.py"), name], env=env, capture_output=True,
                         text=True, check=True)
    errors = len(eval(FUNCTIONS[name][1], {"math": math}))
    assert out.stdout.split() == [str(counts[name]), "0", "0", "True", str(errors), "True"]


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="compares with glibc's libm")
@pytest.mark.skipif(bool(suite.pyodide_unavailable_reason()), reason="needs Node and Pyodide")
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_ports_in_pyodide_are_glibcs(glibc_results, name):
    """Inside Pyodide (the browser's Python, tests/pyodide/run_python.mjs) torch._libm's log, exp,
    pow, expm1, ... are the glibc_ ports and give glibc's bits, where Pyodide's own math.log, ...
    (musl's, built without FMA) miss some."""
    folder, counts = glibc_results
    out = subprocess.run(["node", suite.PYODIDE_RUNNER, str(folder / f"check_{name}.py"), name],
                         env=suite.clean_env(), capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    total, ours, musl, nan, errors, used = out.stdout.split()
    expected_errors = str(len(eval(FUNCTIONS[name][1], {"math": math})))
    assert (total, ours, nan, errors, used) == (str(counts[name]), "0", "True", expected_errors, "True")
    assert int(musl) > 0  # the last bits the browser's libm alone would print


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


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="reads glibc's libm.so.6")
@pytest.mark.skipif(bool(suite.pyodide_unavailable_reason()), reason="reads Pyodide's libm (node_modules/pyodide)")
def test_log_table_is_what_both_libms_hold():
    """torch/_libm_data.py is the __log_data that tools/libm_data.py reads now out of Pyodide's
    musl and the host's glibc (the tool stops when the two differ)."""
    sys.path.insert(0, os.path.join(suite.REPO, "tools"))
    import libm_data
    assert libm_data.main(["--check"]) == 0


TORCH_FLOAT64 = """
import random, torch
random.seed(4)
xs, ys = [random.uniform(-10, 10) for _ in range(20000)], [random.uniform(1, 20) for _ in range(20000)]
print(repr(torch.asinh(torch.tensor(xs, dtype=torch.float64)).tolist()))
print(repr(torch.acosh(torch.tensor(ys, dtype=torch.float64)).tolist()))
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="PyTorch's float64 asinh and acosh are glibc's here")
@pytest.mark.skipif(bool(suite.pyodide_unavailable_reason()), reason="needs Node and Pyodide")
def test_torch_float64_asinh_acosh_in_pyodide_are_pytorchs():
    """PyTorch's CPU float64 asinh and acosh call glibc's (most other float64 functions are Sleef's
    vector code there): inside Pyodide the engine gives their bits through _libm, not musl's."""
    expected = subprocess.run([sys.executable, "-c", TORCH_FLOAT64], capture_output=True, text=True, check=True,
                              env=suite.clean_env()).stdout
    got = subprocess.run(["node", suite.PYODIDE_RUNNER, "-"], input=TORCH_FLOAT64, capture_output=True, text=True,
                         env=suite.clean_env(), timeout=600)
    assert got.returncode == 0, got.stderr[-3000:]
    assert got.stdout == expected
