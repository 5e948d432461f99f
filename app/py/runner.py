"""Runs a learner's program inside the Python worker.

Each run gets a fresh namespace; output is streamed line by line through `emit(stream, text)`;
an exception is reported as a short traceback of the learner's own code (no engine or worker frames).
A run returns its result as a dict, `{"error": None | error dict}`, which later features extend
with more keys (a graph export, timings); the page receives it whole (app/protocol.js).
The worker imports this module; tests import it in plain CPython too.
"""

import linecache
import sys
import traceback

LEARNER_FILE = "main.py"
EXAMPLE_FILE = "example {}.py"  # earlier lesson examples that run before the learner's code
FLUSH_SIZE = 4096


class Stream:
    """A write-only text stream that hands complete lines (or big chunks) to `emit`."""

    def __init__(self, name, emit):
        self.name = name
        self._emit = emit
        self._pending = []
        self._pending_size = 0

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._pending.append(text)
        self._pending_size += len(text)
        if "\n" in text or self._pending_size >= FLUSH_SIZE:
            self.flush()
        return len(text)

    def flush(self):
        if self._pending:
            text = "".join(self._pending)
            self._pending.clear()
            self._pending_size = 0
            self._emit(self.name, text)

    def isatty(self):
        return False

    def writable(self):
        return True

    encoding = "utf-8"
    errors = "strict"


def prepare(engine_dir):
    """Puts the engine first on sys.path and imports it, so the first run is fast.

    Returns None, or the error text when the engine cannot be imported (plain Python still works).
    """
    sys.path.insert(0, engine_dir)
    try:
        import torch  # noqa: F401
    except BaseException:
        return traceback.format_exc()
    return None


def run(code, prelude, emit, options=None):
    """Runs `prelude` blocks silently, then `code` with its output streamed; returns the run's result.

    `options` is the page's dict of per-run settings (see RUN in app/protocol.js).
    """
    return {"error": _execute(code, prelude, emit)}


def _execute(code, prelude, emit):
    """Runs the program; returns None or the error dict that describe() makes."""
    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    torch = sys.modules.get("torch")
    if hasattr(torch, "_process"):
        torch._process.new_run()  # each run starts as a fresh Python process would
    discard = Stream("stdout", lambda stream, text: None)
    stdout, stderr = Stream("stdout", emit), Stream("stderr", emit)
    saved = sys.stdout, sys.stderr
    try:
        sys.stdout = sys.stderr = discard
        for number, block in enumerate(prelude, start=1):
            exec(_compile(block, EXAMPLE_FILE.format(number)), namespace)
        sys.stdout, sys.stderr = stdout, stderr
        exec(_compile(code, LEARNER_FILE), namespace)
        return None
    except KeyboardInterrupt:
        return {"kind": "interrupted", "type": "KeyboardInterrupt", "message": "", "traceback": ""}
    except SystemExit as exit:
        if exit.code in (None, 0):
            return None
        return describe(exit)
    except BaseException as error:
        return describe(error)
    finally:
        stdout.flush()
        stderr.flush()
        sys.stdout, sys.stderr = saved


def _compile(source, filename):
    # linecache lets tracebacks quote the learner's lines, as they would for a file on disk.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    return compile(source, filename, "exec")


def is_learner_file(filename):
    return filename == LEARNER_FILE or filename.startswith("example ")


def describe(error):
    """The error as the learner should see it: their frames only, and where in main.py it happened."""
    summary = traceback.TracebackException.from_exception(error)
    _keep_learner_frames(summary, set())
    if isinstance(error, SyntaxError) and is_learner_file(error.filename or ""):
        kind = "syntax"
        line, column = (error.lineno, error.offset) if error.filename == LEARNER_FILE else (None, None)
    else:
        kind = "exception"
        learner_lines = [frame.lineno for frame in summary.stack if frame.filename == LEARNER_FILE]
        line, column = (learner_lines[-1] if learner_lines else None), None
    return {
        "kind": kind,
        "type": type(error).__name__,
        "message": str(error),
        "traceback": "".join(summary.format()),
        "line": line,
        "column": column,
    }


def _keep_learner_frames(summary, seen):
    """Drops engine and runner frames from `summary` and from the exceptions chained to it."""
    if summary is None or id(summary) in seen:
        return
    seen.add(id(summary))
    frames = [frame for frame in summary.stack if is_learner_file(frame.filename)]
    summary.stack = traceback.StackSummary.from_list(frames)
    _keep_learner_frames(summary.__cause__, seen)
    _keep_learner_frames(summary.__context__, seen)
    for group_member in summary.exceptions or ():
        _keep_learner_frames(group_member, seen)
