"""Runs a learner's program inside the Python worker.

Each run gets a fresh namespace and torch's per-process state as a new process has it (the default
generator freshly seeded, torch/_process.py), unless it names a session (embedded cells of one
page), whose namespace and per-process state (torch's, and Python's `random`) are kept between its
runs, like a notebook's, as long as it holds exactly what running the session's cells in page order
leaves (see _session_for); the worker puts the interpreter back as it was at boot before each run
(`boot_state.restore()`, see boot_state.py);
output is streamed through `emit(stream, text)` in batches (see Output); an exception is reported
as a short traceback of the learner's own code (no engine or worker frames).
A run returns its result as a dict, `{"error": None | error dict}`, which later features extend
with more keys (a graph export, timings, a practice's `check`); the page receives it whole (app/protocol.js).
The worker imports this module; app/py/host.py runs it outside the browser (the golden tests,
tools/course.py), and tests import it in plain CPython too.
"""

import ast
import builtins
import functools
import gc
import linecache
import random
import sys
import time
import traceback
import types
import weakref

LEARNER_FILE = "main.py"
EXAMPLE_FILE = "example {}.py"  # earlier lesson examples that run before the learner's code
CELL_FILE = "cell {}.py"  # a session's cells, each under its own name: their functions outlive the run
CHECK_FILE = "check.py"  # a practice's checks (course/README.md, "Checks"), run after the learner's program
OUTPUT_LIMIT_CHARS = 200_000  # a run's output beyond this is dropped (options["output_limit"] overrides)
FLUSH_SIZE = 4096  # a pending chunk this big is handed over even without a newline
BATCH_BURST = 8  # chunks handed over at once before batching starts ...
BATCHES_PER_SECOND = 25  # ... then at most this many a second, so a print loop cannot flood the page
SLEEP_SLICE_SECONDS = 0.02  # time.sleep checks for Stop this often
INPUT_MESSAGE = "input() is not supported in this course; assign the value instead, e.g. name = \"Ada\""

boot_state = None  # the interpreter as prepare() left it (boot_state.BootState): restore() before each run

# The browser's matplotlib (browser_matplotlib/matplotlib/_display.py) adds its end_of_run here when
# imported; each is called after every run, also a module a session's namespace kept from an earlier
# run. Created before the boot state is captured, so restore() keeps its contents.
run_end_hooks = weakref.WeakSet()
_running = {}  # "output": the running program's Output, while it runs

# Session name → {"namespace": dict, "ran": {cell number: the code it ran}, "process": its
# per-process state after its last run (_save_process), None before its first}. Created before the
# boot state is captured, so restore() keeps its contents (boot_state.py).
_sessions = {}


class Output:
    """A run's stdout and stderr as one ordered stream, handed to `emit(stream, text)` in chunks.

    A chunk goes out when a line ends or FLUSH_SIZE characters are pending, at most BATCHES_PER_SECOND
    times a second after a burst of BATCH_BURST (a token bucket): a slow program's lines appear as they
    are printed, a print loop's arrive as a few large chunks. Past `limit` characters the output is cut,
    `emit("truncated", <lines shown>)` says so once, and the program keeps running with its further
    output dropped.
    """

    def __init__(self, emit, limit):
        self._emit = emit
        self._room = limit
        self._lines = 0
        self._pending = []  # [(stream, [texts])], in the order written
        self._pending_size = 0
        self._tokens = BATCH_BURST
        self._refilled = time.monotonic()
        self.truncated = False
        self.printed = []  # the stdout text shown, for a practice's checks (`output`)
        self.stdout, self.stderr = Stream(self, "stdout"), Stream(self, "stderr")

    def write(self, stream, text):
        if self.truncated:
            return
        if len(text) > self._room:
            text, self.truncated = text[: self._room], True
        self._room -= len(text)
        self._lines += text.count("\n")
        if stream == "stdout":
            self.printed.append(text)
        if self._pending and self._pending[-1][0] == stream:
            self._pending[-1][1].append(text)
        else:
            self._pending.append((stream, [text]))
        self._pending_size += len(text)
        if self.truncated:
            self.flush()
            self._emit("truncated", str(self._lines))
        elif "\n" in text or self._pending_size >= FLUSH_SIZE:
            self.request_flush()

    def figure(self, text):
        """A shown figure (JSON, docs/testing.md "Figures"), after the text printed before it; figures
        do not count against the output limit (matplotlib's _display sizes and throttles them)."""
        self.flush()
        self._emit("figure", text)

    def request_flush(self):
        """Hands the pending output over if the rate allows it; otherwise a later write or the end will."""
        now = time.monotonic()
        self._tokens = min(BATCH_BURST, self._tokens + (now - self._refilled) * BATCHES_PER_SECOND)
        self._refilled = now
        if self._tokens >= 1:
            self._tokens -= 1
            self.flush()

    def flush(self):
        pending, self._pending, self._pending_size = self._pending, [], 0
        for stream, texts in pending:
            self._emit(stream, "".join(texts))


class Stream:
    """sys.stdout or sys.stderr during a run: a write-only text stream into the run's Output."""

    def __init__(self, output, name):
        self.name = name
        self._output = output

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._output.write(self.name, text)
        return len(text)

    def flush(self):
        self._output.request_flush()

    def isatty(self):
        return False

    def writable(self):
        return True

    encoding = "utf-8"
    errors = "strict"


class NoInput:
    """sys.stdin: the course has no console to type into, and says so instead of an I/O error."""

    def readline(self, size=-1):
        raise RuntimeError(INPUT_MESSAGE)

    read = readline

    def isatty(self):
        return False

    def readable(self):
        return True

    encoding = "utf-8"
    errors = "strict"


def interruptible_sleep(original, interrupt_buffer):
    """time.sleep that Stop can interrupt: it waits in short slices and checks the interrupt buffer
    between them (Pyodide's own sleep does not look at it)."""

    def sleep(seconds):
        if not isinstance(seconds, (int, float)) or not seconds >= 0:
            return original(seconds)  # its own error for a bad argument
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            original(min(left, SLEEP_SLICE_SECONDS))
            if interrupt_buffer[0]:
                interrupt_buffer[0] = 0
                raise KeyboardInterrupt

    sleep.__doc__ = original.__doc__
    return sleep


def prepare(engine_path, home=None, scratch_dirs=(), interrupt_buffer=None):
    """Sets up the interpreter and captures it as every run will find it (boot_state.restore()).

    Puts `engine_path` (a folder or a zip, when given) first on sys.path and imports torch, so the first run is fast.
    `scratch_dirs` are emptied back to their boot contents before each run, and the first becomes
    the working directory. With `home`, the worker's own tree holding the engine and this runner,
    its files are kept unchanged from run to run and a changed standard library is reported
    (boot_state.damage()); without it (a host, app/py/host.py) packages with compiled modules that a
    program imports stay imported (BootState's `worker`). `interrupt_buffer` (Pyodide's, when the page is cross-origin isolated)
    lets Stop end time.sleep.
    Returns None, or the error text when torch cannot be imported (plain Python still works).
    """
    global boot_state
    import os
    from _course_boot_state import BootState
    if engine_path is not None and engine_path not in sys.path:  # the worker's boot imported it already (app/boot-engine.js)
        sys.path.insert(0, engine_path)
    sys.stdin = NoInput()
    if interrupt_buffer is not None:
        time.sleep = interruptible_sleep(time.sleep, interrupt_buffer)
    try:
        import torch  # noqa: F401
        import torch.nn, torch.optim, torch.utils.data  # noqa: F401  (lessons use them; a run re-imports what boot did not)
        error = None
    except BaseException:
        error = traceback.format_exc()
    for folder in scratch_dirs:
        os.makedirs(folder, exist_ok=True)
    if scratch_dirs:
        os.chdir(scratch_dirs[0])
    _boot_builtins.update(vars(builtins))  # the engine's too (torch watches class statements)
    _CHECKED_MODULES.clear()
    # Real PyTorch (the course tool's oracle, running the course's own programs) rebinds functions of
    # its own as it runs; our engine, which learners' programs run on, does not: all of it is checked.
    if error is None and not hasattr(sys.modules["torch"], "_process"):
        _CHECKED_MODULES.update({__name__, BootState.__module__, "ast"})
    boot_state = BootState(owned_dirs=[home] if home is not None else [], scratch_dirs=list(scratch_dirs), worker=home is not None)
    global _boot_checker
    _boot_checker = _checker_functions()
    boot_state.capture()
    return error


def show_figure(text):
    """Where the browser's matplotlib sends a figure it shows: to the running program's output."""
    output = _running.get("output")
    if output is not None:
        output.figure(text)


def _end_figures(error):
    """Shows what a notebook would after the program (matplotlib's end_of_run); returns the run's error,
    or the one showing raised when the program had none."""
    if error is not None and error["kind"] == "interrupted":
        return error
    for end_of_run in list(run_end_hooks):
        try:
            end_of_run()
        except KeyboardInterrupt:  # Stop, while the figures are being sent
            return {"kind": "interrupted", "type": "KeyboardInterrupt", "message": "", "traceback": ""}
        except Exception as failure:  # noqa: BLE001  a figure that cannot be drawn (too large) is the program's error
            error = error or describe(failure)
    return error


def run(code, prelude, emit, options=None):
    """Runs `prelude` blocks silently, then `code` with its output streamed; returns the run's result.

    `options` is the page's dict of per-run settings (see RUN in app/protocol.js); `output_limit`
    caps the characters shown; with `graph` the run is recorded for the graph panel and its result
    lists the tensors it can draw; with `checks` (Python source) a program that ran without error is
    checked (check_program) and the result's `check` says how, in `language` ("en", "tr").
    `collected` says the caller has just collected the last run's garbage (app/py/host.py does, before
    the run it times). `emit(stream, text)` receives "stdout" and "stderr" chunks, and
    ("truncated", <lines shown>) once when the output reached the limit. With `options["session"]`,
    `prelude` is the session's earlier cells in page order (the program is cell len(prelude) + 1);
    only those not yet run in the session's namespace run first.
    """
    options = options or {}
    _report_late_errors()
    output = Output(emit, options.get("output_limit", OUTPUT_LIMIT_CHARS))
    graph = sys.modules.get("course_graph")
    if graph is not None:
        graph.forget()  # the last run's graph must not keep its tensors alive into this run
    # The last run's namespace is garbage in reference cycles (functions hold their globals): collected
    # now, its finalizers (a `with` block left open exits) run in that run's process state, not in
    # this run's fresh one. 6-15 ms in Pyodide; a caller that collected already says so ("collected").
    if not options.get("collected"):
        gc.collect()
    # The process state is the program's before the graph panel's recorder hooks into it, and a
    # session's is kept once the recorder has left.
    session, restarted = _enter_process(options.get("session"), prelude)
    flags = {"session_restarted": True} if restarted else {}
    seal = _checker_seal() if options.get("checks") is not None else None  # before the program can reach the checker
    _running["output"] = output
    try:
        if not options.get("graph"):
            error, namespace = _run_in_namespace(code, prelude, output, session)
            error = _end_figures(error)
            result = {"error": error, "graph_built": _built_graph(namespace), **flags}
        else:
            import course_graph  # the graph panel's side (app/py/course_graph.py), loaded when first used
            with course_graph.recording() as recorder:
                error, namespace = _run_in_namespace(code, prelude, output, session)
            error = _end_figures(error)
            graph = course_graph.open_session(namespace, recorder, _program_file(prelude, options))
            result = {"error": error, "graph": graph,
                      "graph_built": bool(graph["tensors"] or graph.get("tangents")) or _built_graph(namespace), **flags}
        if seal is not None and error is None:
            check, replaced, functions = seal
            # Compared here, in this frame, with no name the program could have rebound: a function
            # the checks run whose code the program swapped (`f.__code__ = …`) fails them.
            swapped = None
            for function, code_object, defaults, kwdefaults in functions:
                if (function.__code__ is not code_object or function.__defaults__ is not defaults
                        or function.__kwdefaults__ is not kwdefaults):
                    swapped = function.__qualname__
            try:
                result["check"] = check(options["checks"], code, namespace, "".join(output.printed),
                                        options.get("language"), replaced=replaced, swapped=swapped)
            except KeyboardInterrupt:  # Stop, while a check calls the learner's function
                result["error"] = {"kind": "interrupted", "type": "KeyboardInterrupt", "message": "", "traceback": ""}
        return result
    finally:
        _running.clear()
        if session is not None:
            session["process"] = _save_process()


def _built_graph(namespace):
    """Whether a run left something the graph panel can show (a tensor that requires grad, or a
    module): what offers "Show graph" after a run that was not recorded. A look at the values only."""
    torch = sys.modules.get("torch")
    tensor, module = getattr(torch, "Tensor", None), getattr(getattr(torch, "nn", None), "Module", None)
    if tensor is None or module is None:
        return False
    is_a = _BUILTINS["isinstance"]  # Python's own: the program may have rebound builtins.isinstance
    return any((is_a(value, tensor) and value.requires_grad is True) or is_a(value, module)
               for name, value in namespace.items() if not name.startswith("_"))


def _program_file(prelude, options):
    """The file name the program runs as (its line numbers are the learner's)."""
    return LEARNER_FILE if options.get("session") is None else CELL_FILE.format(len(prelude) + 1)


# ---------------------------------------------------------------------------------------------
# A practice's checks (course/README.md, "Checks"): Python run after the learner's program, in a
# copy of its namespace, with Python's own built-ins as they were at boot (prepare()), output discarded.
# The program runs in this interpreter before them, so it could reach the checker (through
# sys.modules, a frame, gc) and patch it, or patch what the checks call (ast, torch, built-ins):
# such a program fails them. What the checker runs on is taken before the program runs
# (_checker_seal) and compared after it; a rebound or deleted function, class or module that the
# interpreter had at boot is found by BootState.replaced(). It is a guard against patching, not a
# sandbox: Python in one process has no wall between the program and the checker.

_boot_builtins = dict(vars(builtins))  # and again when prepare() has imported the engine
_BUILTINS = types.MappingProxyType(_boot_builtins)
# The modules (and their classes) whose patches fail the checks: every one the interpreter had at
# boot when this set is empty (BootState.replaced); prepare() narrows it under real PyTorch.
_CHECKED_MODULES = set()
_PLAIN = (type(None), bool, int, float, complex, str, bytes, tuple, list, dict, set, frozenset)  # data, not code: rebinding it is no patch
CHECK_MESSAGES = {
    "en": {
        "missing": "The check looked for `{name}`, which your program does not define.",
        "crashed": "A check could not run on your program: {error}",
        "failed": "Your program does not do what the task asks yet.",
        "modules": "Your program removed modules Python itself needs (from sys.modules), so the checks could not run.",
        "patched": "Your program changed {names}, which the checks rely on, so it cannot be checked. Solve the task without patching Python, torch or the course's checker.",
    },
    "tr": {
        "missing": "Denetim `{name}` adını aradı; programınız onu tanımlamıyor.",
        "crashed": "Bir denetim programınız üzerinde çalışamadı: {error}",
        "failed": "Programınız henüz görevin istediğini yapmıyor.",
        "modules": "Programınız Python'un kendi ihtiyaç duyduğu modülleri (sys.modules'tan) kaldırdı, bu yüzden denetimler çalışamadı.",
        "patched": "Programınız denetimlerin dayandığı {names} öğesini değiştirdi, bu yüzden denetlenemiyor. Görevi Python'u, torch'u ya da kursun denetleyicisini değiştirmeden çözün.",
    },
}


def _checker_functions():
    """(function, its code, defaults, keyword defaults) for every function of this module and of
    boot_state.py, the boot state's own closures too: what the checks run on."""
    modules = [globals()] + ([type(boot_state).replaced.__globals__] if boot_state is not None else [])
    owners = modules + [vars(value) for module in modules for value in module.values()
                        if isinstance(value, type) and value.__module__ == module["__name__"]]
    functions = [value for owner in owners for value in owner.values() if isinstance(value, types.FunctionType)]
    functions += [value for value in vars(boot_state).values() if isinstance(value, types.FunctionType)] if boot_state is not None else []
    return tuple((f, f.__code__, f.__defaults__, f.__kwdefaults__) for f in functions)


def _checker_seal():
    """Taken before the program runs: (check_program, the boot state's `replaced`, _checker_functions()
    as at boot). A function whose code an earlier program swapped (restore() puts back names, not
    the code of the functions they name) gets its boot code back first."""
    for function, code_object, defaults, kwdefaults in _boot_checker:
        if (function.__code__ is not code_object or function.__defaults__ is not defaults
                or function.__kwdefaults__ is not kwdefaults):
            function.__code__, function.__defaults__, function.__kwdefaults__ = code_object, defaults, kwdefaults
    replaced = functools.partial(boot_state.replaced, frozenset(_CHECKED_MODULES) or None, _PLAIN) if boot_state is not None else list
    return check_program, replaced, _boot_checker


def check_program(checks, code, namespace, printed, language=None, replaced=list, swapped=None,
                  _builtins=vars(builtins), _boot_builtins=_BUILTINS, _plain=_PLAIN, _copy=dict.copy, _update=dict.update):
    """Runs `checks` (Python source) against the finished program; returns {"passed": True} or
    {"passed": False, "message": the first failed assertion's message, or why a check raised}.
    `replaced()` lists what the program patched (BootState.replaced), `swapped` names a function of
    the checker whose code it swapped: either fails the checks. Its defaults (a tuple, which run()
    compares too) bind Python's built-ins at import, as the program may have rebound `dict` or `vars`."""
    learner_builtins = _copy(_builtins)
    _update(_builtins, _boot_builtins)  # the checks' helpers (ast, torch's own code) see Python's built-ins too
    try:
        messages = CHECK_MESSAGES.get(language, CHECK_MESSAGES["en"])
        # Checks import and call torch's code: on an interpreter whose modules the program took away they
        # would import it all again, and leave Python in a state the next run's restore cannot mend.
        if boot_state is not None and not boot_state.modules_intact():
            return {"passed": False, "message": messages["modules"]}
        patched = [swapped] if swapped is not None else [
            f"builtins.{name}" for name, value in _boot_builtins.items()
            if type(value) not in _plain and learner_builtins.get(name, _plain) is not value] + replaced()
        if patched:
            names = ", ".join(f"`{name}`" for name in patched[:3]) + (" …" if len(patched) > 3 else "")
            return {"passed": False, "message": messages["patched"].format(names=names)}
        return _run_checks(checks, code, namespace, printed, messages)
    finally:
        _update(_builtins, learner_builtins)


def _run_checks(checks, code, namespace, printed, messages):
    try:
        tree = ast.parse(code)
    except SyntaxError:
        tree = ast.Module(body=[], type_ignores=[])
    scope = dict(namespace)
    scope.update(_check_helpers(tree, code, printed))
    scope["__builtins__"] = dict(_BUILTINS)
    scope.setdefault("torch", sys.modules.get("torch"))
    discard = Stream(Output(lambda stream, text: None, 0), "stdout")
    saved = sys.stdout, sys.stderr
    try:
        sys.stdout = sys.stderr = discard
        exec(_compile(checks, CHECK_FILE), scope)
        return {"passed": True}
    except AssertionError as failure:
        return {"passed": False, "message": str(failure) or messages["failed"]}
    except NameError as failure:
        return {"passed": False, "message": messages["missing"].format(name=failure.name)}
    except KeyboardInterrupt:
        raise
    except BaseException as failure:  # noqa: BLE001  the learner's function, called by a check, may raise anything
        return {"passed": False, "message": messages["crashed"].format(error=f"{type(failure).__name__}: {failure}")}
    finally:
        sys.stdout, sys.stderr = saved


def _check_helpers(tree, code, printed):
    """The names checks use besides the learner's (course/README.md lists them)."""
    nodes = list(ast.walk(tree))
    called = {node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
              for node in nodes if isinstance(node, ast.Call)}
    used = ({node.id for node in nodes if isinstance(node, ast.Name)} | {node.attr for node in nodes if isinstance(node, ast.Attribute)}
            | {node.arg for node in nodes if isinstance(node, ast.keyword)})

    def is_literal(node):
        if isinstance(node, ast.JoinedStr):
            return all(isinstance(part, ast.Constant) for part in node.values)
        try:
            ast.literal_eval(node)
            return True
        except (ValueError, TypeError, SyntaxError, RecursionError):
            return False

    def prints_literal():
        return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
                   and node.args and all(is_literal(arg) for arg in node.args) for node in nodes)

    def grad_fn_name(value):
        grad_fn = getattr(value, "grad_fn", None)
        return None if grad_fn is None else type(grad_fn).__name__

    return {"output": printed, "source": code, "calls": called.__contains__, "uses": used.__contains__,
            "prints_literal": prints_literal, "grad_fn_name": grad_fn_name}


def _report_late_errors():
    """In the browser, asyncio's loop (Pyodide's, on the worker's timers) runs a program's callbacks
    and tasks after the run has ended; the error one raises is written to sys.stderr then, which
    the worker shows under the run's output (app/worker.js: LATE), as learner frames only. Installed
    before every run: a program may have replaced the handler."""
    if sys.platform != "emscripten" or "asyncio" not in sys.modules:
        return
    import asyncio
    asyncio.get_event_loop().set_exception_handler(_write_late_error)


def _write_late_error(loop, context):
    error = context.get("exception")
    if error is None:
        sys.stderr.write(f"{context.get('message', 'error')}\n")
    else:
        error = describe(error)
        sys.stderr.write(error["traceback"] or f"{error['type']}: {error['message']}\n")


def _enter_process(session_name, prelude):
    """A new process's state for a run outside a session. For a session's run, its session (see
    _session_for) with its own per-process state: a new process's when the session begins (anew),
    else as its last run left it (other runs came in between). Returns (the session or None,
    whether it began anew after having run cells)."""
    if session_name is None:
        _new_process()
        return None, False
    session, restarted = _session_for(session_name, prelude)
    if session["process"] is None:
        _new_process()
    else:
        _load_process(session["process"])
    return session, restarted


def _run_in_namespace(code, prelude, output, session):
    """Runs the program in a new namespace, or its session's; returns (error, that namespace)."""
    if session is None:
        blocks = [(EXAMPLE_FILE.format(number), number, block) for number, block in enumerate(prelude, start=1)]
        namespace = _new_namespace()
        return _execute(code, LEARNER_FILE, blocks, output, namespace, {}, 0), namespace
    ran = session["ran"]
    pending = [(CELL_FILE.format(number), number, block) for number, block in enumerate(prelude, start=1) if number not in ran]
    number = len(prelude) + 1
    error = _execute(code, CELL_FILE.format(number), pending, output, session["namespace"], ran, number)
    return error, session["namespace"]


def _session_for(name, prelude):
    """The session's state, begun anew (a fresh namespace and per-process state, as a new notebook
    kernel) when it is not what running cells 1..len(prelude) in page order, as they read now,
    would leave: the cell being run, or one after it, ran already (so `y.backward()` run twice
    works as it did the first time), or an earlier cell was edited since it ran. Returns (session,
    whether it began anew after having run cells)."""
    session = _sessions.get(name)
    number = len(prelude) + 1
    stale = session is not None and (
        any(ran_number >= number for ran_number in session["ran"])
        or any(session["ran"].get(earlier, block) != block for earlier, block in enumerate(prelude, start=1))
    )
    if session is None or stale:
        session = _sessions[name] = {"namespace": _new_namespace(), "ran": {}, "process": None}
    return session, stale


def _new_namespace():
    return {"__name__": "__main__", "__builtins__": __builtins__}


def _new_process():
    """torch's per-process state as a newly started Python process has it (torch/_process.py);
    Python's `random` was reseeded by boot_state.restore()."""
    torch = sys.modules.get("torch")
    if hasattr(torch, "_process"):
        torch._process.new_run()
    elif hasattr(torch, "set_default_dtype"):  # real PyTorch (the course tool and golden tests run under it too)
        torch.set_default_dtype(torch.float32)
        torch.set_printoptions(profile="default")
        torch.set_grad_enabled(True)
        torch.autograd.set_detect_anomaly(False)
        torch.use_deterministic_algorithms(False)
        torch.seed()


def _save_process():
    """A session's per-process state after its run: torch's (our engine's) and Python's `random`."""
    torch = sys.modules.get("torch")
    return {"torch": torch._process.save() if hasattr(torch, "_process") else None, "random": random.getstate()}


def _load_process(saved):
    if saved["torch"] is not None:
        sys.modules["torch"]._process.load(saved["torch"])
    random.setstate(saved["random"])


def _execute(code, filename, prelude, output, namespace, ran, number):
    """Runs the `prelude` blocks, (filename, number, code) each, then the program as `filename`
    (number `number`), in `namespace`, recording in `ran` the code of each block that ran and of the
    program once it started (it has run even if it failed, as in a notebook); returns None or the error dict that
    describe() makes, which names the earlier block (`earlier_cell`) when one of those failed."""
    discard = Stream(Output(lambda stream, text: None, 0), "stdout")
    saved = sys.stdout, sys.stderr
    running = None  # the prelude block being run, if any
    try:
        sys.stdout = sys.stderr = discard
        for block_file, running, block in prelude:
            exec(_compile(block, block_file), namespace)
            ran[running] = block  # a block that failed runs again before the next cell
        running = None
        sys.stdout, sys.stderr = output.stdout, output.stderr
        ran[number] = code
        exec(_compile(code, filename), namespace)
        return None
    except KeyboardInterrupt:
        return {"kind": "interrupted", "type": "KeyboardInterrupt", "message": "", "traceback": ""}
    except SystemExit as exit:
        if exit.code in (None, 0):
            return None
        return describe(exit, filename)
    except BaseException as error:
        described = describe(error, filename)
        return described if running is None else {**described, "earlier_cell": running}
    finally:
        output.flush()
        sys.stdout, sys.stderr = saved


def _compile(source, filename):
    # linecache lets tracebacks quote the learner's lines, as they would for a file on disk.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    return compile(source, filename, "exec")


def is_learner_file(filename):
    return filename == LEARNER_FILE or filename.startswith(("example ", "cell "))


def describe(error, program_file=LEARNER_FILE):
    """The error as the learner should see it: their frames only, and where in the program
    (`program_file`) it happened."""
    summary = traceback.TracebackException.from_exception(error)
    _keep_learner_frames(summary, set())
    if isinstance(error, SyntaxError) and is_learner_file(error.filename or ""):
        kind = "syntax"
        line, column = (error.lineno, error.offset) if error.filename == program_file else (None, None)
    else:
        kind = "exception"
        learner_lines = [frame.lineno for frame in summary.stack if frame.filename == program_file]
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


_boot_checker = _checker_functions()  # and again when prepare() has made the boot state
