"""Generate tests/graph/expected.json: the autograd graph of every program in
tests/graph/programs.py and of every lesson's examples and practice solution as REAL PyTorch
reports it: node class names and next_functions edges, saved values, and for each backward()
call the gradient each node sends along each edge, as PyTorch prints it.

    .venv/bin/python tests/gen/gen_graphs.py

Each program runs in its own (forked) child process of real torch, so nothing leaks between them.
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

# Real torch is imported once; each program then runs in a fork of that process, so nothing one
# program does (seeds, defaults, hooks) reaches the next, without paying torch's import each time.
CHILD = """
import contextlib, io, json, os, sys, traceback
sys.path.insert(0, {graph_dir!r})
import torch
from structure import program_structures
assert "pyengine" not in torch.__file__, torch.__file__
programs = json.loads(sys.stdin.read())
for name, code in programs.items():
    read, write = os.pipe()
    if os.fork() == 0:
        os.close(read)
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # the program's own output
                answer = {{"torch": torch.__version__, **program_structures(code)}}
        except BaseException:
            answer = {{"error": traceback.format_exc().strip().splitlines()[-1]}}
        with os.fdopen(write, "w") as out:
            json.dump(answer, out)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        text = answer.read()
    os.wait()
    print(json.dumps({{"name": name, "answer": json.loads(text)}}), flush=True)
"""


def main():
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYENGINE_BACKEND")}
    programs = {**PROGRAMS, **lesson_programs()}
    out = subprocess.run([sys.executable, "-c", CHILD.format(graph_dir=GRAPH_DIR)], input=json.dumps(programs),
                         env=env, capture_output=True, text=True, check=True)
    expected, version = {}, None
    for line in out.stdout.splitlines():
        entry = json.loads(line)
        name, answer = entry["name"], entry["answer"]
        if "error" in answer:  # a lesson program that shows an error on purpose: its graph up to it is not kept
            expected[name] = {"error": answer["error"]}
            continue
        version = answer["torch"]
        calls = answer["backward"]  # a training loop's: the first and the last ones
        kept = sorted({*range(min(2, len(calls))), *range(max(0, len(calls) - KEPT_LAST_CALLS), len(calls))})
        expected[name] = {"roots": answer["roots"], "backward_calls": len(calls),
                          "backward": [{"call": k, **calls[k]} for k in kept]}
    assert len(expected) == len(programs), sorted(set(programs) - set(expected))
    with open(os.path.join(GRAPH_DIR, "expected.json"), "w") as f:
        json.dump({"torch": version, "programs": expected}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(expected)} programs, torch {version}")


if __name__ == "__main__":
    main()
