"""repr(tensor) text, byte for byte against what real PyTorch printed.

The golden cases come from tests/gen/gen_tensor_str.py (real torch 2.13.0). This process
imports only our engine's torch._tensor_str, never real torch; fresh random cases are
printed by real torch in a subprocess when it is installed.
"""
import json
import math
import os
import struct
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PYENGINE = os.path.join(os.path.dirname(HERE), "pyengine")
GENERATOR = os.path.join(HERE, "gen", "gen_tensor_str.py")
GOLDEN = os.path.join(HERE, "golden", "tensor_str.json")

sys.path.insert(0, PYENGINE)
from torch import _dtype, _tensor_str  # noqa: E402  (our engine, not real torch)

assert _tensor_str.__file__.startswith(PYENGINE), "imported real torch instead of pyengine"

ROUND_TO = {"float32": struct.Struct("<f"), "float16": struct.Struct("<e")}


def decode_value(v, dtype_name):
    """A stored value as the exact Python number the engine would hand over."""
    if dtype_name not in ("float32", "float64", "float16"):
        return v
    v = float(v)   # also parses 'nan', 'inf', '-inf'
    packer = ROUND_TO.get(dtype_name)
    return packer.unpack(packer.pack(v))[0] if packer and math.isfinite(v) else v


def case_arguments(case):
    """(values, shape, dtype) for format_tensor. Elements torch did not display are None,
    so reading or formatting any of them breaks the output or raises."""
    dtype_name, shape = case["dtype"], tuple(case["shape"])
    values = [decode_value(v, dtype_name) for v in case["values"]]
    if "offsets" in case:
        shown = values
        values = [None] * math.prod(shape)
        for offset, v in zip(case["offsets"], shown):
            values[offset] = v
    return values, shape, _dtype.BY_NAME[dtype_name]


def render(case):
    options = {k: (math.inf if v == "inf" else v) for k, v in case.get("options", {}).items()}
    _dtype.set_default_dtype(_dtype.BY_NAME[case.get("default_dtype", "float32")])
    _tensor_str.set_printoptions(profile="default")
    _tensor_str.set_printoptions(**options)
    try:
        values, shape, dtype = case_arguments(case)
        return _tensor_str.format_tensor(values, shape, dtype, suffixes=tuple(case.get("suffixes", ())))
    except Exception as error:   # reported as a mismatch, with the case
        return f"<{type(error).__name__}: {error}>"
    finally:
        _dtype.set_default_dtype(_dtype.float32)
        _tensor_str.set_printoptions(profile="default")


def assert_all_match(cases, label):
    mismatches = [(case, got) for case in cases if (got := render(case)) != case["expected"]]
    report = "".join(
        f"\n--- {case['dtype']} {case['shape']} options={case.get('options')}\n"
        f"expected:\n{case['expected']}\ngot:\n{got}\n" for case, got in mismatches[:5])
    assert not mismatches, f"{label}: {len(mismatches)} of {len(cases)} cases differ:{report}"


def test_golden_cases_match_real_torch():
    with open(GOLDEN) as f:
        cases = json.load(f)["cases"]
    assert len(cases) > 2000
    assert_all_match(cases, GOLDEN)


def test_fresh_random_cases_match_real_torch(tmp_path):
    out = tmp_path / "cases.json"
    # Real torch must not see pyengine/, whatever PYTHONPATH the suite runs with.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    seed = int.from_bytes(os.urandom(4), "little")
    try:
        done = subprocess.run([sys.executable, GENERATOR, "--count", "300", "--seed", str(seed),
                               "--no-fixed", "--out", str(out)],
                              env=env, cwd=tmp_path, capture_output=True, text=True)
    except OSError:   # no subprocesses (Pyodide)
        pytest.skip("cannot start a subprocess")
    if done.returncode == 3:
        pytest.skip("real torch is not installed")
    assert done.returncode == 0, done.stderr
    with open(out) as f:
        cases = json.load(f)["cases"]
    assert len(cases) == 300
    assert_all_match(cases, f"generator seed {seed}")


def test_options_round_trip_and_context_manager():
    try:
        changed = {"precision": 2, "threshold": 5, "edgeitems": 1, "linewidth": 40, "sci_mode": True}
        _tensor_str.set_printoptions(**changed)
        assert _tensor_str.get_printoptions() == changed
        _tensor_str.set_printoptions(profile="default")
        default = _tensor_str.get_printoptions()
        sample = ([0.25, 1e-5, 3.0] * 3, (3, 3), _dtype.float32)
        _tensor_str.set_printoptions(**changed)
        with_changed = _tensor_str.format_tensor(*sample)
        _tensor_str.set_printoptions(**default)
        with _tensor_str.printoptions(**changed):
            assert _tensor_str.format_tensor(*sample) == with_changed
        assert _tensor_str.get_printoptions() == default
        assert _tensor_str.format_tensor(*sample) != with_changed
    finally:
        _tensor_str.set_printoptions(profile="default")
