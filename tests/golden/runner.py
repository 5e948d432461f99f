"""Run golden programs in one process, each in isolation, and print their outputs as JSON.

The same file runs under real PyTorch (tests/gen/gen_golden.py), under our engine in CPython
(tests/test_golden.py) and inside Pyodide (tests/test_pyodide_engine.py), so it uses only the
standard library. It imports torch once before the first program (import-time warnings then
belong to no program) and touches it only to reset global state between programs.

    python runner.py [--fork] [--programs DIR] [NAME ...]   # NAME like "tensors/view_basic"; default: all

--programs names the folder of programs (default: programs/ next to this file; the corpus of
real tutorial programs in tests/programs/ runs through the same runner).

It prints JSON lines: {"start": name} before each program, {"program", "output", "seconds"}
after it, and {"summary": {"python", "torch_path"}} at the end, so a caller can tell which
program killed the interpreter (e.g. a stack overflow Pyodide cannot survive) and carry on.

The output of one program is, in order of occurrence:
  * everything it writes to stdout or stderr;
  * one line "<WarningCategory>: <message>" per warning raised (every warning is shown,
    not just the first per location, so the count does not depend on where a library
    attributes its warnings);
  * if it ends with an uncaught exception, a last line "<ExceptionType>: <message>".
Memory addresses ("0x7f3a...") are replaced by "0xADDR", and a number printed right after an
"id(...)" text (d2l prints `id(Y)` to show memory reuse) by "ID".

Isolation: a fresh namespace and a fresh temporary working directory per program; default
dtype, print options and grad mode are reset afterwards. --fork (CPython with os.fork only)
runs each program in a forked child instead, the reference isolation used for real PyTorch.
"""
import builtins
import io
import json
import os
import re
import shutil
import sys
import tempfile
import time
import warnings

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


def exception_line(exc):
    message = str(exc)
    return type(exc).__name__ + (": " + message if message else "")


def run_program(programs_dir, name):
    """Execute one program; return its output text (see the module docstring)."""
    path = os.path.join(programs_dir, name + ".py")
    with open(path, encoding="utf-8") as f:
        source = f.read()
    captured = io.StringIO()

    def show_warning(message, category, filename, lineno, file=None, line=None):
        captured.write(f"{category.__name__}: {message}\n")

    saved_streams, saved_cwd = (sys.stdout, sys.stderr), os.getcwd()
    workdir = tempfile.mkdtemp(prefix="golden-")
    os.chdir(workdir)
    sys.stdout = sys.stderr = captured
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = show_warning
            try:
                exec(compile(source, path, "exec"), {"__name__": "__main__", "__builtins__": builtins})
            except (Exception, SystemExit) as exc:  # KeyboardInterrupt still stops the run
                if captured.tell() and not captured.getvalue().endswith("\n"):
                    captured.write("\n")
                captured.write(exception_line(exc) + "\n")
    finally:
        sys.stdout, sys.stderr = saved_streams
        os.chdir(saved_cwd)
        shutil.rmtree(workdir, ignore_errors=True)
    return mask_addresses(captured.getvalue())


def reset_torch_state():
    """Undo global settings a program may have changed; return the names of failed steps."""
    torch = sys.modules.get("torch")
    if torch is None:
        return []
    steps = {
        "set_default_dtype": lambda: torch.set_default_dtype(torch.float32),
        "set_printoptions": lambda: torch.set_printoptions(profile="default"),
        "set_grad_enabled": lambda: torch.set_grad_enabled(True),
        "new_run": lambda: torch._process.new_run() if hasattr(torch, "_process") else None,
    }
    failed = []
    for step_name, step in steps.items():
        try:
            step()
        except Exception:
            failed.append(step_name)
    return failed


def run_in_process(programs_dir, name):
    started = time.perf_counter()
    output = run_program(programs_dir, name)
    result = {"output": output, "seconds": round(time.perf_counter() - started, 4)}
    failed_resets = reset_torch_state()
    if failed_resets:
        result["failed_resets"] = failed_resets
    return result


def run_forked(programs_dir, name):
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        with os.fdopen(write_end, "w") as pipe:
            json.dump(run_in_process(programs_dir, name), pipe)
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
        programs_dir = argv[at + 1]
        del argv[at:at + 2]
    names = [a for a in argv if a != "--fork"] or all_program_names(programs_dir)
    try:  # import outside any program so import-time warnings are not attributed to one
        import torch  # noqa: F401
    except Exception:
        pass  # every program then reports the import error itself
    run = run_forked if fork else run_in_process
    for name in names:
        emit({"start": name})
        emit({"program": name, **run(programs_dir, name)})
    emit({"summary": {"python": sys.version.split()[0], "torch_path": imported_torch_path()}})


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
