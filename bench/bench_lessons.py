"""Lesson run times: every lesson's programs (its examples in order, in one namespace, then its
practice solution in a fresh one), timed per lesson on each backend of our engine, on real
PyTorch when installed, and in Pyodide under Node (the browser's Python) when available.

    .venv/bin/python bench/bench_lessons.py [--no-pyodide] [LESSON_ID_PREFIX...]

Prints seconds per lesson and flags those taking 1 s or more (issue 6: lessons run "well under
a second in the browser"). Each backend runs in its own process; `import torch` is not counted.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LESSONS = os.path.join(ROOT, "lessons.json")
PYODIDE_RUNNER = os.path.join(ROOT, "tests", "pyodide", "run_python.mjs")
SLOW_SECONDS = 1.0

# Runs inside the measured interpreter (CPython or Pyodide): argv = [lessons.json, id prefixes...].
WORKLOAD = r"""
import contextlib, io, json, sys, time
import torch

def programs(lesson):
    examples = [block["code"] for block in lesson["body"] if block["type"] == "code"]
    solution = (lesson.get("practice") or {}).get("solution")
    return [examples] + ([[solution]] if solution else [])

with open(sys.argv[1], encoding="utf-8") as f:
    lessons = json.load(f)["lessons"]
prefixes = sys.argv[2:]
times, errors = {}, {}
for lesson in lessons:
    if prefixes and not lesson["id"].startswith(tuple(prefixes)):
        continue
    start = time.perf_counter()
    for codes in programs(lesson):
        namespace = {"__name__": "__main__"}
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                for code in codes:
                    exec(compile(code, "<lesson>", "exec"), namespace)
            except Exception as error:  # the content tests judge failures; the time still counts
                errors[lesson["id"]] = f"{type(error).__name__}: {error}"
    times[lesson["id"]] = time.perf_counter() - start
print("BENCH " + json.dumps({"times": times, "errors": errors}))
"""


def _clean_env(extra):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("PYENGINE_")}
    env.update(extra)
    return env


def _parse(proc):
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    return None


def run_cpython(env_extra, prefixes):
    proc = subprocess.run([sys.executable, "-c", WORKLOAD, LESSONS, *prefixes], env=_clean_env(env_extra),
                          capture_output=True, text=True, cwd=tempfile.gettempdir())
    return _parse(proc)


def run_pyodide(prefixes):
    if shutil.which("node") is None or not os.path.exists(PYODIDE_RUNNER):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "bench_lessons_workload.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(WORKLOAD)
        proc = subprocess.run(["node", PYODIDE_RUNNER, script, LESSONS, *prefixes], env=_clean_env({}),
                              capture_output=True, text=True, cwd=tmp)
    return _parse(proc)


def main(argv):
    use_pyodide = "--no-pyodide" not in argv
    prefixes = [a for a in argv if not a.startswith("--")]
    engine = os.path.join(ROOT, "pyengine")
    columns = [("torch", run_cpython({}, prefixes)),
               ("numpy", run_cpython({"PYTHONPATH": engine, "PYENGINE_BACKEND": "numpy"}, prefixes)),
               ("python", run_cpython({"PYTHONPATH": engine, "PYENGINE_BACKEND": "python"}, prefixes))]
    if use_pyodide:
        columns.append(("pyodide", run_pyodide(prefixes)))
    columns = [(name, result) for name, result in columns if result is not None]
    ids = list(columns[-1][1]["times"]) if columns else []
    print(f"seconds per lesson (examples + practice solution); * marks >= {SLOW_SECONDS:g} s, ! a program that raised")
    print(f"  {'lesson':34s}" + "".join(f"{name:>10s}" for name, _ in columns))
    for lesson_id in ids:
        cells = []
        for _, result in columns:
            seconds = result["times"].get(lesson_id)
            if seconds is None:
                cells.append(f"{'-':>10s}")
                continue
            flag = "!" if lesson_id in result["errors"] else "*" if seconds >= SLOW_SECONDS else " "
            cells.append(f"{seconds:9.3f}{flag}")
        print(f"  {lesson_id:34s}" + "".join(cells))
    print(f"  {'total':34s}" + "".join(f"{sum(r['times'].values()):10.2f}" for _, r in columns))
    print(f"  {'lessons >= 1 s':34s}"
          + "".join(f"{sum(t >= SLOW_SECONDS for t in r['times'].values()):10d}" for _, r in columns))
    for name, result in columns:
        for lesson_id, error in result["errors"].items():
            print(f"  ! {name} {lesson_id}: {error}")


if __name__ == "__main__":
    main(sys.argv[1:])
