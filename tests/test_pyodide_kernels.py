"""The browser's compute kernels inside Pyodide under Node: every kernel is called and gives the
pure-Python backend's bytes (tests/pyodide/kernel_parity.py). The golden suite runs with the
kernels on in test_pyodide_engine.py (tests/pyodide/run_python.mjs installs them by default)."""
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

UNAVAILABLE = suite.pyodide_unavailable_reason()
if UNAVAILABLE:
    pytest.skip(f"Pyodide tests need Node and Pyodide: {UNAVAILABLE}", allow_module_level=True)

PYODIDE = os.path.join(suite.REPO, "tests", "pyodide")


def test_kernels_give_the_pure_python_bits():
    proc = subprocess.run(["node", os.path.join(PYODIDE, "run_python.mjs"), os.path.join(PYODIDE, "kernel_parity.py")],
                          env=suite.clean_env(PYENGINE_BACKEND="python"), capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert proc.stdout.startswith("ok: "), proc.stdout
