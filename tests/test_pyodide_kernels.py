"""The engine inside Pyodide under Node with the browser's compute kernels on (as the page runs
it; tests/pyodide/run_python.mjs installs them): every kernel gives the pure-Python backend's
bytes (tests/pyodide/kernel_parity.py), and the engine's in-process tests pass there. The
golden programs run the same way in test_pyodide_engine.py."""
import os
import subprocess
import sys
import sysconfig

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

UNAVAILABLE = suite.pyodide_unavailable_reason()
if UNAVAILABLE:
    pytest.skip(f"Pyodide tests need Node and Pyodide: {UNAVAILABLE}", allow_module_level=True)

PYODIDE = os.path.join(suite.REPO, "tests", "pyodide")
# The same files scripts/test.sh runs on the pure-Python backend in CPython.
ENGINE_TESTS = ["tests/engine", "tests/test_tensor_str.py", "tests/test_random_parity.py"]


def run_in_pyodide(*args, mount=(), **env):
    command = ["node", os.path.join(PYODIDE, "run_python.mjs")]
    for folder in mount:
        command += ["--mount", folder]
    return subprocess.run(command + list(args), env=suite.clean_env(PYENGINE_BACKEND="python", **env),
                          capture_output=True, text=True, timeout=900)


# Both builds of the kernels (scripts/kernels.mjs): relaxed SIMD, whose matmul rule F runs on the
# CPU's fused multiply-add (every x86-64 CPU with FMA3 and arm64), and the plain-SIMD fallback.
@pytest.mark.parametrize("build, fused", [("relaxed", "yes"), ("simd128", "no")])
def test_kernels_give_the_pure_python_bits(build, fused):
    proc = run_in_pyodide(os.path.join(PYODIDE, "kernel_parity.py"),
                          **({"PYENGINE_KERNELS": "simd128"} if build == "simd128" else {}))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert proc.stdout.startswith("ok: "), proc.stdout
    assert f"rule F on a fused multiply-add: {fused}," in proc.stdout, proc.stdout


def test_engine_tests_pass_inside_pyodide_with_the_kernels():
    site = os.path.realpath(sysconfig.get_paths()["purelib"])  # where this pytest comes from
    proc = run_in_pyodide(os.path.join(PYODIDE, "run_pytest.py"), site, "-q", *ENGINE_TESTS,
                          mount=[site])
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-3000:]
