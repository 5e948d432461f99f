"""The graph panel's Python side inside Pyodide under Node: the browser's Python has a small
WebAssembly stack, where dropping a long recorded graph must not recurse (it crashed the worker)."""
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

UNAVAILABLE = suite.pyodide_unavailable_reason()
if UNAVAILABLE:
    pytest.skip(f"Pyodide tests need Node and Pyodide: {UNAVAILABLE}", allow_module_level=True)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAM = f"""
import importlib.util, sys
sys.path.insert(0, {os.path.join(ROOT, "app", "py")!r})
spec = importlib.util.spec_from_file_location("runner", {os.path.join(ROOT, "app", "py", "runner.py")!r})
runner = importlib.util.module_from_spec(spec)
spec.loader.exec_module(runner)
import course_graph
chain = "import torch\\nx = torch.tensor(0.5, requires_grad=True)\\ny = x\\nfor _ in range(3000):\\n    y = y.sin()\\n"
assert runner.run(chain, [], lambda stream, text: None, {{"graph": True}})["error"] is None
steps = course_graph.answer({{"what": "steps", "name": "y", "end": 10 ** 6}})["steps"]  # every step: the whole dry run
runner.run("pass", [], lambda stream, text: None)
print(len(steps), course_graph._session)
"""


def test_a_long_recorded_chain_is_stepped_and_freed_in_pyodide():
    done = subprocess.run(["node", "tests/pyodide/run_python.mjs", "-"], cwd=ROOT, input=PROGRAM,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["3001", "None"]
