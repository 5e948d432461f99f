"""Engine tests import our ``torch`` in-process (pyengine/ first on sys.path).

``npm test`` runs this folder once per array backend (PYENGINE_BACKEND=python, numpy)."""
import importlib.util
import json
import os
import subprocess
import sys

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "pyengine")
if ENGINE not in sys.path:
    sys.path.insert(0, ENGINE)

import torch  # noqa: E402

assert torch.__file__.startswith(ENGINE), f"expected pyengine's torch, got {torch.__file__}"


def pytest_report_header(config):
    return f"pyengine backend: {torch._backend.NAME}"


def browser_numpy():
    """The browser's numpy (browser_numpy/numpy), imported in CPython as `browser_numpy` beside the
    real numpy, once per process."""
    loaded = sys.modules.get("browser_numpy")
    if loaded is not None:
        return loaded
    package = os.path.join(os.path.dirname(ENGINE), "browser_numpy", "numpy")
    spec = importlib.util.spec_from_file_location("browser_numpy", os.path.join(package, "__init__.py"),
                                                  submodule_search_locations=[package])
    module = importlib.util.module_from_spec(spec)
    sys.modules["browser_numpy"] = module
    spec.loader.exec_module(module)
    return module


def differing_bits(name, arrays, got, expected, dtype, bits):
    """A message naming the elements whose bits differ from `expected` (NaNs of any payload are
    alike), or "" when none do: `arrays` the inputs, `got` our result, `bits` the unsigned dtype
    as wide as `dtype`."""
    import numpy as real
    got_bits = real.array(got.tolist(), dtype=dtype).view(bits)
    expected_bits = real.array(expected, dtype=bits)
    nan = real.isnan(got_bits.view(dtype)) & real.isnan(expected_bits.view(dtype))
    wrong = [i for i in (got_bits != expected_bits).nonzero()[0] if not nan[i]]
    return "" if not wrong else f"{len(wrong)} of {len(got_bits)} differ, e.g. " + ", ".join(
        f"{name}({', '.join(repr(float(a[i])) for a in arrays)}) = {float(expected_bits.view(dtype)[i])!r}, "
        f"ours {float(got_bits.view(dtype)[i])!r}" for i in wrong[:3])


def numpy_v3_results(program, arguments, what):
    """What `program` prints (JSON) run by real numpy on its x86-64-v3 paths (AVX-512 disabled, as
    tests/gen/gen_numpy.py records numpy), given `arguments` as JSON on stdin; the program's "v3"
    says whether this CPU has them. Skips the test where numpy cannot run so."""
    import pytest
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES="X86_V4")
    run = subprocess.run([sys.executable, "-c", program], input=json.dumps(arguments), env=env,
                         capture_output=True, text=True)
    if run.returncode:
        pytest.skip(f"real numpy with X86_V4 disabled did not run: {run.stderr[-500:]}")
    results = json.loads(run.stdout)
    if not results.pop("v3"):
        pytest.skip(f"this CPU is not x86-64-v3 (AVX2, FMA3): numpy takes other {what} paths here")
    return results
