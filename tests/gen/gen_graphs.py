"""Generate tests/graph/expected.json: the autograd graph of every program in
tests/graph/programs.py as REAL PyTorch reports it (node class names and next_functions edges).

    .venv/bin/python tests/gen/gen_graphs.py

Each program runs in its own child process of real torch, so nothing leaks between them.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GRAPH_DIR = os.path.join(os.path.dirname(HERE), "graph")
sys.path.insert(0, GRAPH_DIR)
from programs import PROGRAMS  # noqa: E402

CHILD = """
import json, sys
sys.path.insert(0, {graph_dir!r})
import torch
from structure import program_structures
assert "pyengine" not in torch.__file__, torch.__file__
print(json.dumps({{"torch": torch.__version__, "roots": program_structures(sys.stdin.read())}}))
"""


def main():
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYENGINE_BACKEND")}
    expected, version = {}, None
    for name, code in PROGRAMS.items():
        out = subprocess.run([sys.executable, "-c", CHILD.format(graph_dir=GRAPH_DIR)], input=code, env=env,
                             capture_output=True, text=True)
        if out.returncode:
            sys.exit(f"{name}: {out.stderr}")
        out = out.stdout
        answer = json.loads(out)
        version = answer["torch"]
        expected[name] = answer["roots"]
    with open(os.path.join(GRAPH_DIR, "expected.json"), "w") as f:
        json.dump({"torch": version, "programs": expected}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(expected)} programs, torch {version}")


if __name__ == "__main__":
    main()
