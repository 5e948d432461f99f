"""The corpus of real programs (tests/programs/) timed three ways, as a table of ratios (issue 35):
real PyTorch single-threaded (torch.set_num_threads(1)), our engine in CPython on the numpy
backend (target: at most 5x torch) and our engine inside Pyodide under Node with the wasm kernels,
the browser's runtime (target: at most 10x torch). Both CPython columns are single-threaded
(torch's threads and numpy's OpenBLAS threads set to 1).

    .venv/bin/python bench/bench_programs.py [--timeout SECONDS] [--no-pyodide] [--no-cpython] [PREFIX...]

PREFIX selects programs by name ("makemore/", "tutorials/blitz"); the default is all of them.
Each program runs through the golden runner (tests/golden/runner.py) exactly as tests/test_programs.py
runs it, isolated as the app's worker isolates a learner's run; its time is the runner's, without
the interpreter's start or `import torch` (nor, for real torch, what its first optimizer step
imports). A program still running after --timeout seconds (default 300) is stopped and shown
as "> N"; the runner restarts with the programs after it.
The columns run one after another, not in parallel, so they do not compete for the cores: in
rounds of ROUND programs (torch, CPython, Pyodide, then the next round), so that the load of a
shared machine, which drifts, weighs on each column alike.
A "!" marks an output that differs from real PyTorch's recorded one (tests/programs/expected.json)
beyond the corpus's 6-digit tolerance: its time is not that of a correct run.
Both engine columns run from the engine's bytecode (Pyodide's also from the browser's numpy's and
matplotlib's), compiled before the first program (outside the times) into a cache of the run's own,
as the browser's engine zip holds it (scripts/build.mjs) and as CPython caches it: what a program imports beyond the boot's `torch.nn`, `torch.optim` and
`torch.utils.data` (torch.distributions ...) is loaded, not compiled, within its time, as in the page.
"""
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "golden"))
import suite  # noqa: E402  (the corpus, its runner commands and the output comparison)

CORPUS = suite.PROGRAMS
TARGETS = {"cpython": 5.0, "pyodide": 10.0}
DEFAULT_TIMEOUT = 300.0
ROUND = 10  # programs per round; each round runs on every column in turn
# Real torch, single-threaded, with what its first optimizer step imports (torch._dynamo, about 1 s)
# loaded before the runner forks a child per program: an import, not counted, like `import torch`.
TORCH_RUNNER = """
import runpy, sys, torch
torch.set_num_threads(1)
weight = torch.zeros(2, requires_grad=True)
torch.optim.SGD([weight], lr=0.1).step()
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


# Our engine from bytecode: compiled into CACHE (a folder of the bench's own) before runner.py runs;
# in Pyodide the browser's numpy and matplotlib too, which the browser's engine zip also holds.
BYTECODE_RUNNER = """
import compileall, runpy, sys
sys.dont_write_bytecode = False
sys.pycache_prefix = {cache!r}
for folder in {folders!r}:
    compileall.compile_dir(folder, quiet=1)
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def column_command(column, scratch):
    """(command, environment) that runs runner.py for one column; program names are appended.
    `scratch`: a folder for the bytecode cache and the Pyodide column's starter script."""
    if column == "torch":
        command, env = CORPUS.real_torch_command()  # [python, runner.py, --fork, --programs, DIR]
        env = {**env, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        return [command[0], "-c", TORCH_RUNNER, *command[1:]], env
    browser = [os.path.join(suite.REPO, name) for name in ("browser_numpy", "browser_matplotlib")]
    starter = BYTECODE_RUNNER.format(cache=os.path.join(scratch, column),
                                     folders=[suite.ENGINE_DIR, *(browser if column == "pyodide" else [])])
    if column == "cpython":  # numpy's OpenBLAS single-threaded too (its threads only cost on small products)
        command, env = CORPUS.engine_command("numpy")  # [python, runner.py, --programs, DIR]
        env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        return [command[0], "-c", starter, *command[1:]], {**env, "OPENBLAS_NUM_THREADS": "1"}
    command, env = CORPUS.engine_command("pyodide")  # [node, run_python.mjs, runner.py, --programs, DIR]
    script = os.path.join(scratch, "pyodide_bytecode_runner.py")
    with open(script, "w", encoding="utf-8") as f:
        f.write(starter)
    return [*command[:2], script, *command[2:]], env


def _reader(stream, lines):
    for line in stream:
        lines.put(line)
    lines.put(None)


def run_column(column, names, timeout, scratch):
    """{name: seconds, or None when stopped at the timeout} and {name: output} for one column."""
    command, env = column_command(column, scratch)
    seconds, outputs, pending = {}, {}, list(names)
    while pending:
        process = subprocess.Popen(command + pending, env=env, cwd=tempfile.gettempdir(), text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        lines = queue.Queue()
        threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
        current, deadline = None, None
        while True:
            try:
                line = lines.get(timeout=None if deadline is None else max(0.01, deadline - time.monotonic()))
            except queue.Empty:  # the current program passed the timeout
                process.kill()
                seconds[current], outputs[current] = None, None
                break
            if line is None:  # the runner ended (or died inside `current`)
                if current is not None and current not in seconds:
                    seconds[current], outputs[current] = 0.0, "<interpreter died>\n"
                break
            if line.startswith('{"start"'):
                current, deadline = json.loads(line)["start"], time.monotonic() + timeout
                print(f"  {column:8s}{current}", end="", flush=True, file=sys.stderr)
            elif line.startswith('{"program"'):
                record = json.loads(line)
                seconds[record["program"]], outputs[record["program"]] = record["seconds"], record["output"]
                print(f"  {record['seconds']:.2f} s", file=sys.stderr)
                current, deadline = None, None
        process.wait()
        if current is not None and seconds.get(current) is None:
            print(f"  stopped after {timeout:g} s", file=sys.stderr)
        pending = [name for name in pending if name not in seconds]
    return seconds, outputs


def cell(seconds, torch_seconds, timeout, wrong):
    if seconds is None:
        return f"{'> ' + format(timeout, 'g'):>9s} {'':>7s}"
    ratio = f"{seconds / torch_seconds:6.1f}x" if torch_seconds else f"{'':>7s}"
    return f"{seconds:8.3f}{'!' if wrong else ' '} {ratio}"


def verdict(row, columns):
    """'met', or the columns missing their target."""
    missed = []
    for column in columns:
        seconds, torch_seconds = row.get(column), row.get("torch")
        if seconds is None or not torch_seconds or seconds > TARGETS[column] * torch_seconds:
            missed.append(f"{column} > {TARGETS[column]:g}x")
    return "met" if not missed else "NOT met: " + ", ".join(missed)


def main(argv):
    timeout = DEFAULT_TIMEOUT
    if "--timeout" in argv:
        at = argv.index("--timeout")
        timeout = float(argv[at + 1])
        del argv[at:at + 2]
    columns = [c for c in ("cpython", "pyodide") if f"--no-{c}" not in argv]
    if "pyodide" in columns and suite.pyodide_unavailable_reason():
        print(f"no Pyodide column: {suite.pyodide_unavailable_reason()}")
        columns.remove("pyodide")
    prefixes = tuple(a for a in argv if not a.startswith("--"))
    names = [n for n in CORPUS.program_names() if not prefixes or n.startswith(prefixes)]
    expected = CORPUS.load_expected()
    rows = {name: {} for name in names}
    wrong = set()
    scratch = tempfile.mkdtemp(prefix="bench_programs_")
    for lo in range(0, len(names), ROUND):
        for column in ["torch", *columns]:
            backend = {"cpython": "numpy", "pyodide": "pyodide"}.get(column)
            runnable = [n for n in names[lo:lo + ROUND] if backend is None or CORPUS.runs_on(n, backend)]
            seconds, outputs = run_column(column, runnable, timeout, scratch)
            for name in runnable:
                rows[name][column] = seconds.get(name)
                if column != "torch" and outputs.get(name) is not None and name in expected \
                        and not suite.outputs_match(expected[name], outputs[name], "6sig-line"):
                    wrong.add((name, column))
    header = {"cpython": "CPython (numpy)", "pyodide": "Pyodide (wasm)"}
    print(f"seconds per program; ratio to single-threaded torch (targets: CPython <= {TARGETS['cpython']:g}x, "
          f"Pyodide <= {TARGETS['pyodide']:g}x); ! output differs from torch's")
    print(f"{'program':44s} {'torch':>8s}" + "".join(f" {header[c]:>17s}" for c in columns) + "  target")
    for name in names:
        row = rows[name]
        torch_seconds = row.get("torch")
        line = f"{name:44s} {torch_seconds if torch_seconds is not None else float('nan'):8.3f}"
        line += "".join(" " + cell(row.get(c), torch_seconds, timeout, (name, c) in wrong) for c in columns)
        print(line + "  " + verdict(row, columns))
    finished = [n for n in names if all(rows[n].get(c) is not None for c in ["torch", *columns])]
    totals = {c: sum(rows[n][c] for n in finished) for c in ["torch", *columns]}
    print(f"{'total of ' + str(len(finished)) + ' programs that finished everywhere':44s} {totals['torch']:8.3f}"
          + "".join(" " + cell(totals[c], totals["torch"], timeout, False) for c in columns))
    shutil.rmtree(scratch, ignore_errors=True)
    met = sum(verdict(rows[n], columns) == "met" for n in names)
    print(f"targets met by {met} of {len(names)} programs")


if __name__ == "__main__":
    main(sys.argv[1:])
