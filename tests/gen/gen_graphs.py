"""Generate tests/graph/expected.json: the autograd graph of every program in
tests/graph/programs.py and of every lesson's examples and practice solution as REAL PyTorch
reports it: node class names and next_functions edges, saved values, and for each backward()
call the gradient each node sends along each edge and the leaves' .grad, as PyTorch prints them.

    .venv/bin/python tests/gen/gen_graphs.py

Each program runs in its own child process of real torch, so nothing leaks between them.
"""
import json
import os
import subprocess
import sys

KEPT_LAST_CALLS = 2  # the graph panel's recorder keeps the last four backward calls
HERE = os.path.dirname(os.path.abspath(__file__))
GRAPH_DIR = os.path.join(os.path.dirname(HERE), "graph")
sys.path.insert(0, GRAPH_DIR)
from programs import PROGRAMS, lesson_programs  # noqa: E402

CHILD = """
import json, sys
sys.path.insert(0, {graph_dir!r})
import torch
from structure import program_structures
assert "pyengine" not in torch.__file__, torch.__file__
import contextlib, io
with contextlib.redirect_stdout(io.StringIO()):  # the program's own output
    answer = program_structures(sys.stdin.read())
print(json.dumps({{"torch": torch.__version__, **answer}}))
"""


def main():
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYENGINE_BACKEND")}
    expected, version = {}, None
    for name, code in {**PROGRAMS, **lesson_programs()}.items():
        out = subprocess.run([sys.executable, "-c", CHILD.format(graph_dir=GRAPH_DIR)], input=code, env=env,
                             capture_output=True, text=True)
        if out.returncode:  # a lesson program that shows an error on purpose: its graph up to it is not kept
            expected[name] = {"error": out.stderr.strip().splitlines()[-1]}
            continue
        out = out.stdout
        answer = json.loads(out)
        version = answer["torch"]
        calls = answer["backward"]  # a training loop's: the first and the last ones
        kept = sorted({*range(min(2, len(calls))), *range(max(0, len(calls) - KEPT_LAST_CALLS), len(calls))})
        expected[name] = {"roots": answer["roots"], "backward_calls": len(calls),
                          "backward": [{"call": k, **calls[k]} for k in kept]}
    with open(os.path.join(GRAPH_DIR, "expected.json"), "w") as f:
        json.dump({"torch": version, "programs": expected}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(expected)} programs, torch {version}")


if __name__ == "__main__":
    main()
