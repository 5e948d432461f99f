"""The golden programs inside Pyodide under Node (the browser's Python; pure-Python backend, no numpy).

One Node process boots Pyodide once and runs every selected program through
tests/golden/runner.py; outputs must equal real PyTorch's, as in test_golden.py, with the same
known failures (the 'pyodide' backend of tests/golden/known_failures.txt).
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402
from test_golden import check_program, golden_params  # noqa: E402

UNAVAILABLE = suite.pyodide_unavailable_reason()
if UNAVAILABLE:
    pytest.skip(f"Pyodide tests need Node and Pyodide: {UNAVAILABLE}", allow_module_level=True)


@pytest.mark.parametrize("backend, name", golden_params(["pyodide"]))
def test_pyodide_program(request, backend, name):
    check_program(request, backend, name)
