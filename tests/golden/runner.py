"""Run golden programs in one process, each in isolation, and print their outputs as JSON.

The same file runs under real PyTorch (tests/gen/gen_golden.py), under our engine in CPython
(tests/test_golden.py) and inside Pyodide (tests/test_pyodide_engine.py), so it uses only the
standard library and the course's program runner (app/py/host.py). It imports torch once before
the first program (import-time warnings then belong to no program).

    python runner.py [--fork] [--programs DIR] [NAME ...]   # NAME like "tensors/view_basic"; default: all

--programs names the folder of programs (default: programs/ next to this file; the corpus of
real tutorial programs in tests/programs/ runs through the same runner).

It prints JSON lines: {"start": name} before each program, {"program", "output", "seconds"}
after it (seconds: the program's own run, without the clean start before it), and
{"summary": {"python", "torch_path"}} at the end, so a caller can tell which program killed the
interpreter (e.g. a stack overflow Pyodide cannot survive) and carry on.

The output of one program is, in order of occurrence:
  * everything it writes to stdout or stderr;
  * one line "<WarningCategory>: <message>" per warning raised (every warning is shown,
    not just the first per location, so the count does not depend on where a library
    attributes its warnings);
  * if it ends with an uncaught exception, a last line "<ExceptionType>: <message>".
Memory addresses ("0x7f3a...") are replaced by "0xADDR", and a number printed right after an
"id(...)" text (d2l prints `id(Y)` to show memory reuse) by "ID". In a program headed
`# golden: timings`, the profiler's durations become "T" and its table rows are sorted (mask_timings).

Isolation: each program runs as the app's worker runs a learner's program (app/py/host.py: the
interpreter's boot state put back, a new namespace, torch's per-process state reset, an emptied
working directory). --fork (CPython with os.fork only) runs each program that way in a forked
child, the reference isolation used for real PyTorch.
"""
import contextlib
import importlib.util
import json
import os
import re
import sys
import time
import warnings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# By its path: this file is called runner.py too, and app/py is no package.
_spec = importlib.util.spec_from_file_location("_course_host", os.path.join(REPO, "app", "py", "host.py"))
host_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(host_module)
Host, error_line, text_of = host_module.Host, host_module.error_line, host_module.text_of
GOLDEN_PROGRAMS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
PRINTED_ID = re.compile(r"(\bid\([^()]*\)\W*)\d+")


def all_program_names(programs_dir=GOLDEN_PROGRAMS_DIR):
    names = []
    for area in sorted(os.listdir(programs_dir)):
        area_dir = os.path.join(programs_dir, area)
        if os.path.isdir(area_dir):
            names += [area + "/" + f[:-3] for f in sorted(os.listdir(area_dir)) if f.endswith(".py")]
    return names


def mask_addresses(text):
    return PRINTED_ID.sub(r"\1ID", ADDRESS.sub("0xADDR", text))


TIMINGS_HEADER = re.compile(r"^#\s*golden:.*\btimings\b", re.MULTILINE)
DURATION = re.compile(r"(?<![\w.])(?:\d+\.\d+(?:s|ms|us)|\d+\.\d+%|NaN)(?!\w)")
TABLE_RULE = re.compile(r"^-+(?:  -+)*  $")


def mask_timings(text):
    """A profiler table as far as it can agree between two runs: durations and time shares as "T",
    and the rows between its rules in alphabetical order (sorted by time, their order is the
    timings'). For programs whose header says ``# golden: timings``."""
    lines = text.split("\n")
    rules = [i for i, line in enumerate(lines) if TABLE_RULE.match(line)]
    for start, end in zip(rules[0::3], rules[2::3]):  # rule, header, rule, rows, rule
        table = [" ".join(DURATION.sub("T", line).split()) for line in lines[start:end + 1]]
        lines[start:end + 1] = table[:3] + sorted(table[3:-1]) + table[-1:]
    return DURATION.sub("T", "\n".join(lines))


def run_program(host, programs_dir, name):
    """Execute one program; return its output text (see the module docstring)."""
    with open(os.path.join(programs_dir, name + ".py"), encoding="utf-8") as f:
        source = f.read()
    clock = {}

    @contextlib.contextmanager
    def timed_with_warnings_as_lines():  # the program's own run: the clean start before it is not timed
        with warnings_as_lines():
            clock["start"] = time.perf_counter()
            try:
                yield
            finally:
                clock["seconds"] = time.perf_counter() - clock["start"]

    chunks, result = host.run(source, around=timed_with_warnings_as_lines)
    output = text_of(chunks)
    if result["error"]:
        if result["error"]["kind"] == "interrupted":
            raise KeyboardInterrupt  # Ctrl+C stops the runner, not just the program
        output += ("\n" if output and not output.endswith("\n") else "") + error_line(result["error"]) + "\n"
    output = mask_addresses(output)
    if TIMINGS_HEADER.search(source):
        output = mask_timings(output)
    return {"output": output, "seconds": round(clock["seconds"], 4)}


@contextlib.contextmanager
def warnings_as_lines():
    """Every warning shown, as one line "<WarningCategory>: <message>" on the program's stderr."""
    def show_warning(message, category, filename, lineno, file=None, line=None):
        sys.stderr.write(f"{category.__name__}: {message}\n")

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show_warning
        yield


def run_forked(host, programs_dir, name):
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        with os.fdopen(write_end, "w") as pipe:
            json.dump(run_program(host, programs_dir, name), pipe)
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        text = pipe.read()
    os.waitpid(pid, 0)
    return json.loads(text) if text else {"output": "<child process died>\n", "seconds": 0.0}


def imported_torch_path():
    """Folder of the `torch` that programs imported, so callers can check it is the one meant."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    if getattr(torch, "__file__", None):
        return os.path.dirname(os.path.abspath(torch.__file__))
    return next(iter(getattr(torch, "__path__", [])), None)


def main(argv):
    argv = list(argv)
    fork = "--fork" in argv
    programs_dir = GOLDEN_PROGRAMS_DIR
    if "--programs" in argv:
        at = argv.index("--programs")
        programs_dir = os.path.abspath(argv[at + 1])  # programs run in a working directory of their own
        del argv[at:at + 2]
    names = [a for a in argv if a != "--fork"] or all_program_names(programs_dir)
    # Imports torch outside any program, so import-time warnings are not attributed to one; if it
    # fails, every program reports the import error itself.
    host = Host()
    _load_forward_ad_decompositions()
    run = run_forked if fork else run_program
    for name in names:
        emit({"start": name})
        emit({"program": name, **run(host, programs_dir, name)})
    emit({"summary": {"python": sys.version.split()[0], "torch_path": imported_torch_path()}})


def _load_forward_ad_decompositions():
    """Real PyTorch imports its forward-AD decompositions on the first make_dual, raising import-time
    DeprecationWarnings (torch.jit.script) that Python hides from a learner's run: loaded here, they
    belong to no program (our engine has no such module)."""
    forward_ad = getattr(getattr(sys.modules.get("torch"), "autograd", None), "forward_ad", None)
    load = getattr(forward_ad, "_maybe_load_decompositions", None)
    if load is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            load()


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
