"""`check` cells: their expected outputs made at build time by running them, so nobody types one.

A session's cells run in page order in one fresh Python process (a cell without a session alone in
one), as the reader's browser runs them: one namespace, `torch` imported first, only what they
print to stdout compared. The runner is real PyTorch when the docs build's Python has it, else the
course's own engine, whose printing is PyTorch's byte for byte (a course build's `pyengine.zip`
put first on `sys.path`); the build log says which.
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# Runs the cells given as JSON on stdin in one namespace; writes each one's stdout (and the error it
# raised, if any) as JSON to the file named by argv[1]. argv[2], if given, goes first on sys.path.
DRIVER = r"""
import contextlib, io, json, sys, traceback
if len(sys.argv) > 2:
    sys.path.insert(0, sys.argv[2])
import torch
cells = json.load(sys.stdin)
namespace = {"__name__": "__main__"}
results = []
for number, code in enumerate(cells, start=1):
    printed = io.StringIO()
    error = None
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
            exec(compile(code, f"cell {number}.py", "exec"), namespace)
    except BaseException as exc:
        error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    results.append({"output": printed.getvalue(), "error": error})
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump({"torch": torch.__version__, "results": results}, out)
"""

CHECK_WITH = ("auto", "torch", "engine")
TIMEOUT_SECONDS = 300  # one session; a docs build should not hang on a runaway cell


class CheckError(Exception):
    """No way to run `check` cells with the settings given; the message says what to set."""


class Checker:
    """Runs cells in a fresh process with real PyTorch (`engine_path` None) or the course's engine."""

    def __init__(self, engine_path=None):
        self.engine_path = engine_path

    def describe(self):
        if self.engine_path is None:
            return "real PyTorch (the docs build's own torch)"
        return f"the course's engine ({self.engine_path})"

    def run(self, codes):
        """[{"output", "error"}] for `codes`, run in order in one namespace."""
        with tempfile.TemporaryDirectory() as scratch:
            result_file = Path(scratch) / "results.json"
            command = [sys.executable, "-c", DRIVER, str(result_file)]
            if self.engine_path is not None:
                command.append(str(self.engine_path))
            env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
            completed = subprocess.run(
                command, input=json.dumps(codes), text=True, capture_output=True, cwd=scratch, env=env, timeout=TIMEOUT_SECONDS
            )
            if completed.returncode != 0 or not result_file.exists():
                raise CheckError(f"running the cells failed with {self.describe()}:\n{completed.stderr.strip()}")
            return json.loads(result_file.read_text(encoding="utf-8"))["results"]


def checker_for(check_with="auto", course_dir=None):
    """The Checker that `check_with` asks for: "torch" (real PyTorch), "engine" (the course's engine
    from the build in `course_dir`) or "auto" (real PyTorch if importable, else the engine)."""
    if check_with not in CHECK_WITH:
        raise CheckError(f"check_with must be one of {', '.join(CHECK_WITH)}, not {check_with!r}")
    has_torch = importlib.util.find_spec("torch") is not None
    if check_with == "torch" or (check_with == "auto" and has_torch):
        if not has_torch:
            raise CheckError("check_with is 'torch' but this Python cannot import torch")
        return Checker()
    engine = Path(course_dir) / "pyengine.zip" if course_dir else None
    if engine is None or not engine.is_file():
        where = f"{engine} does not exist" if engine else "no course build is set"
        raise CheckError(
            f"cannot fill in the expected output of `check` cells: this Python has no torch and {where}; "
            "install torch in the docs build, or point the integration at a build of the course (its dist/ folder)"
        )
    return Checker(engine.resolve())


def fill_expected(cells, checker):
    """Sets `expected` on every `check` cell of one page (`cells` in page order) to what it prints;
    returns the problems (strings naming the cell) for cells that raised or could not run."""
    groups = {}
    for cell in cells:
        key = ("session", cell.session) if cell.session is not None else ("alone", id(cell))
        groups.setdefault(key, []).append(cell)
    problems = []
    for group in groups.values():
        if not any(cell.check for cell in group):
            continue
        try:
            results = checker.run([cell.code for cell in group])
        except (CheckError, subprocess.TimeoutExpired) as error:
            problems.append(f"{group[0].source}: {error}")
            continue
        for cell, result in zip(group, results):
            if not cell.check:
                continue
            if result["error"] is not None:
                problems.append(f"{cell.source}: the cell raised {result['error']} when run with {checker.describe()}; its expected output is left out")
            else:
                cell.expected = result["output"]
    return problems
