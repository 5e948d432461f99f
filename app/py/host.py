"""The course's program runner outside the browser: the golden tests (tests/golden/runner.py, in
CPython and in Pyodide under Node) and the course tool (tools/course.py) run programs through it,
under our engine or real PyTorch, exactly as the app's worker does.

It loads runner.py and boot_state.py under the names the worker gives them, prepares the
interpreter as the worker does (torch imported, the boot state captured, a scratch working
directory), and runs every program by the one isolation rule: `BootState.restore()`, then
`runner.run()`, which gives the program a new namespace and resets torch's per-process state.
It uses only the standard library, so `import torch` is whichever torch sys.path finds.
"""
import atexit
import contextlib
import gc
import importlib.util
import os
import shutil
import sys
import tempfile

APP_PY = os.path.dirname(os.path.abspath(__file__))
NO_OUTPUT_LIMIT = sys.maxsize


def _load(name, filename):
    spec = importlib.util.spec_from_file_location(name, os.path.join(APP_PY, filename))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Host:
    """One interpreter that runs programs one after another, each as if in a new process.

    Everything is put back as it was when the host was made, the caller's own module too: keep
    what must outlive a run in local variables (or in objects that existed then)."""

    def __init__(self):
        _load("_course_boot_state", "boot_state.py")
        runner = _load("_course_runner", "runner.py")
        workdir = tempfile.mkdtemp(prefix="course-run-")
        atexit.register(shutil.rmtree, workdir, True)
        # Held now, as the worker holds them: a program that rebinds the runner's names changes nothing here.
        self.engine_error = runner.prepare(None, scratch_dirs=[workdir])
        self._restore, self._run = runner.boot_state.restore, runner.run

    def run(self, code, prelude=(), options=None, around=contextlib.nullcontext):
        """Runs `code` after `prelude` (silently) from a clean start; returns (chunks, result):
        [(stream, text)] as runner.run emitted them, and runner.run's result. `around()` is a
        context manager entered after the clean start, around the run (e.g. to catch warnings)."""
        chunks = []
        self._restore()
        # The last run's garbage, collected as runner.run would but outside `around`: a collection
        # walks every object the process holds (~0.15 s with real torch imported), not the program's work.
        gc.collect()
        with around():
            result = self._run(code, list(prelude), lambda stream, text: chunks.append((stream, text)),
                               {"output_limit": NO_OUTPUT_LIMIT, **(options or {}), "collected": True})
        return chunks, result


def text_of(chunks, streams=("stdout", "stderr")):
    return "".join(text for stream, text in chunks if stream in streams)


def error_line(error):
    """A run's error (runner.describe's dict) as Python's last traceback line: "Type: message"."""
    return error["type"] + (": " + error["message"] if error["message"] else "")
