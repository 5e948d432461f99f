"""The golden suite's shared pieces: where things are, how to run the runner, how to compare.

Used by tests/gen/gen_golden.py and by the pytest files; runner.py itself stays standalone
because it also runs inside Pyodide.
"""
import difflib
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
ENGINE_DIR = os.path.join(REPO, "pyengine")
PYODIDE_RUNNER = os.path.join(REPO, "tests", "pyodide", "run_python.mjs")

BACKENDS = ("numpy", "python", "pyodide")
TIMEOUT_SECONDS = float(os.environ.get("GOLDEN_TIMEOUT", "1800"))
HEADER = re.compile(r"^#\s*golden:\s*(.*)$")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class Corpus:
    """A folder of programs (``<area>/<name>.py``), real PyTorch's outputs of them
    (expected.json) and the list of those our engine does not match yet (known_failures.txt)."""

    def __init__(self, programs_dir, expected_path, known_failures_path, generator, description, backends):
        self.programs_dir = programs_dir
        self.backends = backends  # where its programs are run
        self.expected_path = expected_path
        self.known_failures_path = known_failures_path
        self.generator = generator  # the command that rewrites the two files, for messages
        self.description = description  # the known-failures file's first comment lines
        self._expected = None
        self._headers = {}

    def program_names(self):
        return all_program_names(self.programs_dir)

    def headers(self, name):
        """Options from '# golden: key=value, key=value' comment lines at the top of a program."""
        if name not in self._headers:
            options = {}
            with open(os.path.join(self.programs_dir, name + ".py"), encoding="utf-8") as f:
                for line in f:
                    match = HEADER.match(line.strip())
                    if match:
                        for item in match.group(1).split(","):
                            key, _, value = item.partition("=")
                            options[key.strip()] = value.strip()
                    elif line.strip() and not line.startswith("#"):
                        break
            self._headers[name] = options
        return self._headers[name]

    def runs_on(self, name, backend):
        """'requires=numpy' (from_numpy sharing memory with the array): the numpy backend and Pyodide
        (whose numpy is the browser's, browser_numpy/, sharing the engine's buffers), not the python
        backend beside CPython's numpy (which copies); 'requires=numpy-module' or an `import numpy`: everywhere.
        'not-on=python': not on the python backend in CPython, whose loops have no compute kernels (a
        program too big for them in CI's time; Pyodide runs the same loops with the kernels)."""
        if backend in self.headers(name).get("not-on", "").split():
            return False
        requires = self.headers(name).get("requires")
        if requires == "numpy":
            return backend == "numpy" or backend.startswith("pyodide")
        return True

    def load_expected(self):
        if self._expected is None:
            with open(self.expected_path, encoding="utf-8") as f:
                self._expected = json.load(f)["programs"]
        return self._expected

    def read_known_failures(self):
        """{name: set of backends}. A bare name fails on every backend; 'name: b1 b2' on those only."""
        failures = {}
        if not os.path.exists(self.known_failures_path):
            return failures
        with open(self.known_failures_path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    name, _, backends = line.partition(":")
                    failures[name.strip()] = set(backends.split()) or set(BACKENDS)
        return failures

    def write_known_failures(self, failures):
        lines = [f"# {line}" for line in self.description] + [
            "# Strict xfails: a listed program that passes fails the suite, so remove it. A bare name",
            "# fails on every backend; 'name: numpy python pyodide' lists the backends it fails on.",
            f"# Rewrite from an actual run: python {self.generator} --update-known-failures",
        ]
        for name in sorted(failures):
            backends = [b for b in BACKENDS if b in failures[name]]
            lines.append(name if len(backends) == len(BACKENDS) else f"{name}: {' '.join(backends)}")
        with open(self.known_failures_path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")

    def real_torch_command(self):
        return [sys.executable, RUNNER, "--fork", "--programs", self.programs_dir], clean_env()

    def engine_command(self, backend):
        """Command and environment that run runner.py with our engine as `torch`."""
        if backend in ("pyodide", "pyodide-snapshot"):  # the latter restored from a memory snapshot
            snapshot = ["--snapshot"] if backend == "pyodide-snapshot" else []
            return (["node", PYODIDE_RUNNER, *snapshot, RUNNER, "--programs", self.programs_dir],
                    clean_env(PYENGINE_BACKEND="python"))
        return ([sys.executable, RUNNER, "--programs", self.programs_dir],
                clean_env(PYTHONPATH=ENGINE_DIR, PYENGINE_BACKEND=backend))

    def run_engine(self, backends, names=None):
        """Run the programs under our engine on several backends at once: {backend: result}."""
        names = names or self.program_names()
        processes = {}
        for backend in backends:
            command, env = self.engine_command(backend)
            processes[backend] = start_runner(command, env, [n for n in names if self.runs_on(n, backend)])
        return {backend: finish_runner(process) for backend, process in processes.items()}

    def failing_programs(self, expected, result, tolerance=None):
        """Programs whose output differs (tolerance: 'Nsig' for all, else each program's header)."""
        return {name for name, outcome in result["programs"].items()
                if not outputs_match(expected[name], outcome["output"],
                                     tolerance or self.headers(name).get("tolerance"))}


GOLDEN = Corpus(os.path.join(GOLDEN_DIR, "programs"), os.path.join(GOLDEN_DIR, "expected.json"),
                os.path.join(GOLDEN_DIR, "known_failures.txt"), "tests/gen/gen_golden.py",
                ["Golden programs whose output does not match real PyTorch yet."], BACKENDS)
# Real programs from public PyTorch teaching material (tests/programs/README.md)
PROGRAMS_DIR = os.path.join(REPO, "tests", "programs")
PROGRAMS = Corpus(PROGRAMS_DIR, os.path.join(PROGRAMS_DIR, "expected.json"),
                  os.path.join(PROGRAMS_DIR, "known_failures.txt"), "tests/gen/gen_golden.py --programs",
                  ["Corpus programs (tests/programs/) whose output does not match real PyTorch byte for",
                   "byte yet; every one must still agree to 6 significant digits (tests/test_programs.py)."],
                  ("numpy", "python", "pyodide"))


def significant_digits(tolerance):
    """'6sig' -> (6, False); '6sig-line' -> (6, True); anything else -> (None, False)."""
    match = re.fullmatch(r"(\d+)sig(-line)?", tolerance or "")
    return (int(match.group(1)), bool(match.group(2))) if match else (None, False)


def outputs_match(expected, actual, tolerance=None):
    """Exact comparison, or with tolerance='Nsig' numbers agreeing to N significant digits.
    'Nsig-line' measures the digits against the largest fractional number of the line (so a
    round-off residue next to O(1) values, such as 1e-10 where 0 is meant, agrees with another)."""
    digits, per_line = significant_digits(tolerance)
    if digits is None:
        return expected == actual
    if NUMBER.split(expected) != NUMBER.split(actual):  # the text around the numbers
        return False
    relative = 0.5 * 10.0 ** (1 - digits)
    for e_line, a_line in zip(expected.split("\n"), actual.split("\n")):
        e_numbers, a_numbers = NUMBER.findall(e_line), NUMBER.findall(a_line)
        scale = max((abs(float(n)) for n in e_numbers if re.search(r"[.eE]", n)), default=0.0) if per_line else 0.0
        for e, a in zip(e_numbers, a_numbers):
            e_value, a_value = float(e), float(a)
            if abs(e_value - a_value) > relative * max(abs(e_value), abs(a_value), scale):
                return False
    return True


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




def engine_is_ours(result):
    """The runner reports which `torch` it imported; it must be pyengine's, not real PyTorch."""
    torch_path = result.get("torch_path")
    return torch_path is None or os.path.abspath(torch_path).startswith(ENGINE_DIR + os.sep)




_runs = {}  # (corpus folder, backend) -> running process, then its result (or the error it raised)


def engine_result(corpus, backend, wanted):
    """Result of the engine on `backend`. The first call starts every backend in `wanted`
    ({backend: program names}) at once, so that they run in parallel."""
    for other, names in wanted.items():
        if (corpus.programs_dir, other) not in _runs:
            command, env = corpus.engine_command(other)
            _runs[corpus.programs_dir, other] = start_runner(
                command, env, [n for n in names if corpus.runs_on(n, other)])
    key = (corpus.programs_dir, backend)
    if isinstance(_runs[key], dict) and "process" in _runs[key]:
        try:
            _runs[key] = finish_runner(_runs[key])
        except RuntimeError as error:
            _runs[key] = error
    if isinstance(_runs[key], RuntimeError):
        raise _runs[key]
    return _runs[key]


def failure_report(name, expected, actual, max_lines=80):
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                     "real torch", "engine", lineterm="", n=2))
    shown = diff[:max_lines] + ([f"... {len(diff) - max_lines} more diff lines"] if len(diff) > max_lines else [])
    return f"{name}: output differs from real PyTorch\n" + "\n".join(shown)
