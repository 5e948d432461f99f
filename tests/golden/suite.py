"""The golden suite's shared pieces: where things are, how to run the runner, how to compare.

Used by tests/gen/gen_golden.py and by the pytest files; runner.py itself stays standalone
because it also runs inside Pyodide.
"""
import difflib
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from runner import all_program_names

GOLDEN_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(GOLDEN_DIR))
RUNNER = os.path.join(GOLDEN_DIR, "runner.py")
PROGRAMS_DIR = os.path.join(GOLDEN_DIR, "programs")
EXPECTED_PATH = os.path.join(GOLDEN_DIR, "expected.json")
KNOWN_FAILURES_PATH = os.path.join(GOLDEN_DIR, "known_failures.txt")
ENGINE_DIR = os.path.join(REPO, "pyengine")
PYODIDE_RUNNER = os.path.join(REPO, "tests", "pyodide", "run_python.mjs")

BACKENDS = ("numpy", "python", "pyodide")
TIMEOUT_SECONDS = float(os.environ.get("GOLDEN_TIMEOUT", "1800"))
HEADER = re.compile(r"^#\s*golden:\s*(.*)$")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def program_names():
    return all_program_names()


@functools.lru_cache(maxsize=None)
def headers(name):
    """Options from '# golden: key=value, key=value' comment lines at the top of a program."""
    options = {}
    with open(os.path.join(PROGRAMS_DIR, name + ".py"), encoding="utf-8") as f:
        for line in f:
            match = HEADER.match(line.strip())
            if match:
                for item in match.group(1).split(","):
                    key, _, value = item.partition("=")
                    options[key.strip()] = value.strip()
            elif line.strip() and not line.startswith("#"):
                break
    return options


def runs_on(name, backend):
    """numpy-only programs (from_numpy, .numpy()) need the numpy backend."""
    return headers(name).get("requires") != "numpy" or backend == "numpy"


def significant_digits(tolerance):
    match = re.fullmatch(r"(\d+)sig", tolerance or "")
    return int(match.group(1)) if match else None


def outputs_match(expected, actual, tolerance=None):
    """Exact comparison, or with tolerance='Nsig' numbers agreeing to N significant digits."""
    digits = significant_digits(tolerance)
    if digits is None:
        return expected == actual
    if NUMBER.split(expected) != NUMBER.split(actual):  # the text around the numbers
        return False
    for e, a in zip(NUMBER.findall(expected), NUMBER.findall(actual)):
        e_value, a_value = float(e), float(a)
        if abs(e_value - a_value) > 0.5 * 10.0 ** (1 - digits) * max(abs(e_value), abs(a_value)):
            return False
    return True


@functools.lru_cache(maxsize=None)
def load_expected():
    with open(EXPECTED_PATH, encoding="utf-8") as f:
        return json.load(f)["programs"]


def read_known_failures():
    """{name: set of backends}. A bare name fails on every backend; 'name: b1 b2' on those only."""
    failures = {}
    if not os.path.exists(KNOWN_FAILURES_PATH):
        return failures
    with open(KNOWN_FAILURES_PATH, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                name, _, backends = line.partition(":")
                failures[name.strip()] = set(backends.split()) or set(BACKENDS)
    return failures


def write_known_failures(failures):
    lines = [
        "# Golden programs whose output does not match real PyTorch yet (strict xfail: a listed",
        "# program that passes fails the suite, so remove it). A bare name fails on every backend;",
        "# 'name: numpy python pyodide' lists the backends it fails on.",
        "# Rewrite from an actual run: python tests/gen/gen_golden.py --update-known-failures",
    ]
    for name in sorted(failures):
        backends = [b for b in BACKENDS if b in failures[name]]
        lines.append(name if len(backends) == len(BACKENDS) else f"{name}: {' '.join(backends)}")
    with open(KNOWN_FAILURES_PATH, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def pyodide_unavailable_reason():
    if shutil.which("node") is None:
        return "node is not installed"
    candidates = [os.environ.get("PYODIDE_DIR"), os.path.join(REPO, "node_modules", "pyodide")]
    if not any(d and os.path.exists(os.path.join(d, "pyodide.mjs")) for d in candidates):
        return "node_modules/pyodide is missing (run npm install, or set PYODIDE_DIR)"
    return None


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("PYENGINE_")}
    env.update(extra)
    return env


def real_torch_command():
    return [sys.executable, RUNNER, "--fork"], clean_env()


def engine_command(backend):
    """Command and environment that run runner.py with our engine as `torch`."""
    if backend == "pyodide":
        return ["node", PYODIDE_RUNNER, RUNNER], clean_env(PYENGINE_BACKEND="python")
    return [sys.executable, RUNNER], clean_env(PYTHONPATH=ENGINE_DIR, PYENGINE_BACKEND=backend)


def start_runner(command, env, names):
    """Start runner.py on `names`; finish_runner() collects the results."""
    process = subprocess.Popen(command + list(names), env=env, cwd=tempfile.gettempdir(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return {"command": command, "env": env, "names": list(names), "process": process}


def finish_runner(run):
    """{"python", "torch_path", "programs": {name: {"output", "seconds"}}}; RuntimeError on timeout.

    If the interpreter dies inside a program, that program's output becomes a line saying so
    (with the end of stderr) and a new runner carries on with the programs after it."""
    programs, summary, deadline = {}, {}, time.monotonic() + TIMEOUT_SECONDS
    while True:
        process = run["process"]
        try:
            stdout, stderr = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise RuntimeError(f"runner timed out after {TIMEOUT_SECONDS:.0f} s: {run['command']}")
        started = None
        for line in stdout.splitlines():
            if line.startswith('{"start"'):
                started = json.loads(line)["start"]
            elif line.startswith('{"program"'):
                record = json.loads(line)
                programs[record.pop("program")] = record
            elif line.startswith('{"summary"'):
                summary = json.loads(line)["summary"]
        missing = [n for n in run["names"] if n not in programs]
        if not missing:
            return {**summary, "programs": programs}
        if started not in missing:
            raise RuntimeError(f"runner failed (exit {process.returncode}): {run['command']}\n{stderr[-4000:]}")
        programs[started] = {"output": f"<interpreter died (exit {process.returncode})> {death_cause(stderr)}\n",
                             "seconds": 0.0}
        missing.remove(started)
        if not missing:
            return {**summary, "programs": programs}
        run = start_runner(run["command"], run["env"], missing)


def death_cause(stderr):
    lines = stderr.strip().splitlines() or [""]
    return next((line.strip() for line in lines if "Error" in line), lines[-1].strip())


def run_engine(backends, names=None):
    """Run the programs under our engine on several backends at once: {backend: result}."""
    names = names or program_names()
    processes = {}
    for backend in backends:
        command, env = engine_command(backend)
        processes[backend] = start_runner(command, env, [n for n in names if runs_on(n, backend)])
    return {backend: finish_runner(process) for backend, process in processes.items()}


def engine_is_ours(result):
    """The runner reports which `torch` it imported; it must be pyengine's, not real PyTorch."""
    torch_path = result.get("torch_path")
    return torch_path is None or os.path.abspath(torch_path).startswith(ENGINE_DIR + os.sep)


def failing_programs(expected, result):
    return {name for name, outcome in result["programs"].items()
            if not outputs_match(expected[name], outcome["output"], headers(name).get("tolerance"))}


_runs = {}  # backend -> running process, then its result (or the error it raised)


def engine_result(backend, wanted):
    """Result of the engine on `backend`. The first call starts every backend in `wanted`
    ({backend: program names}) at once, so that they run in parallel."""
    for other, names in wanted.items():
        if other not in _runs:
            command, env = engine_command(other)
            _runs[other] = start_runner(command, env, [n for n in names if runs_on(n, other)])
    if isinstance(_runs[backend], dict) and "process" in _runs[backend]:
        try:
            _runs[backend] = finish_runner(_runs[backend])
        except RuntimeError as error:
            _runs[backend] = error
    if isinstance(_runs[backend], RuntimeError):
        raise _runs[backend]
    return _runs[backend]


def failure_report(name, expected, actual, max_lines=80):
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                     "real torch", "engine", lineterm="", n=2))
    shown = diff[:max_lines] + ([f"... {len(diff) - max_lines} more diff lines"] if len(diff) > max_lines else [])
    return f"{name}: output differs from real PyTorch\n" + "\n".join(shown)
