"""Every run is a new process, inside Pyodide under Node (the browser's Python): a Host
(app/py/host.py) seeds torch's generator afresh for each program while a session keeps its own.
(The runner's reset rules, tests/engine/test_new_run.py, and the registry of per-process state,
tests/engine/test_process_state.py, run inside Pyodide with the rest of tests/engine:
test_pyodide_kernels.py.)"""
import json
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

HOST_PROGRAM = """
import json, sys
sys.path.insert(0, %(app_py)r)
from host import Host, text_of

def main(host):  # locals only: each run puts this module's globals back
    seeded = text_of(host.run("import torch\\ntorch.manual_seed(0)\\nprint(torch.rand(3))")[0])
    draws = [text_of(host.run("import torch\\nprint(torch.rand(3))")[0]) for _ in range(2)]
    cells = ["import torch\\ntorch.manual_seed(0)", "print(torch.rand(3))"]
    text_of(host.run(cells[0], options={"session": "s"})[0])
    between = text_of(host.run("import torch\\nprint(torch.rand(3))")[0])
    session = text_of(host.run(cells[1], prelude=cells[:1], options={"session": "s"})[0])
    return {"seeded": seeded, "draws": draws, "between": between, "session": session}

print(json.dumps(main(Host())), file=sys.__stdout__)
"""


def run_in_pyodide(*args, mount=(), stdin=None):
    command = ["node", os.path.join(PYODIDE, "run_python.mjs")]
    for folder in mount:
        command += ["--mount", folder]
    return subprocess.run(command + list(args), env=suite.clean_env(PYENGINE_BACKEND="python"), input=stdin,
                          capture_output=True, text=True, timeout=900)


def test_a_host_inside_pyodide_seeds_each_program_afresh_and_a_session_keeps_its_seed():
    proc = run_in_pyodide("-", stdin=HOST_PROGRAM % {"app_py": os.path.join(suite.REPO, "app", "py")})
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    seed_0 = "tensor([0.4963, 0.7682, 0.0885])\n"
    assert report["seeded"] == seed_0
    assert seed_0 not in report["draws"] and report["draws"][0] != report["draws"][1]
    assert report["between"] != seed_0 and report["session"] == seed_0
