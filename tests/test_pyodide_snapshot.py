"""The golden programs inside a Pyodide restored from a memory snapshot (app/boot-engine.js), as
the browser's later workers boot: one Node process makes the snapshot with the engine imported,
restores it and runs every selected program (tests/pyodide/run_python.mjs --snapshot). Outputs
must equal real PyTorch's, with the pyodide backend's known failures.
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


@pytest.mark.parametrize("backend, name", golden_params(["pyodide-snapshot"], known_as="pyodide"))
def test_snapshot_program(request, backend, name):
    check_program(request, backend, name)
