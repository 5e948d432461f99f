"""Where figures go: shown figures are sent as JSON (one document each, the contract in docs/testing.md,
"Figures") to the browser's run (the worker's runner, app/py/runner.py `show_figure`) or, under the
Node runner, appended as a line to the file $PYENGINE_FIGURES.

Each display has a slot: the figure's number and where in the program it was shown (the program's
own call sites). Showing again from the same place (a loop's plt.show(), plt.pause()) replaces that
slot's picture instead of adding one: a live loss curve is one figure. A slot is sent at most every
MIN_INTERVAL seconds; a display that comes sooner waits (holding the Figure; a change to it first
freezes the JSON it had) and goes with the next display of any slot once its interval has passed, or
at the end of the run, so the last picture is always the one the program showed last.
"""
import json
import math
import os
import sys
import time

MIN_INTERVAL = 0.2  # seconds between two sends of one slot
MAX_VALUES = 1_000_000  # numbers in one figure; more cannot be drawn in a page without freezing it
MAX_AXES, MAX_GRID = 64, 12  # plots in one figure, rows or columns of a grid (app/figures/data.js checks the same)
_HERE = os.path.dirname(os.path.abspath(__file__))

pyplot = None  # this package's pyplot, once imported (it may be gone from sys.modules: a session keeps it)
_sent_at = {}  # slot → time.monotonic() of its last send
_waiting = {}  # slot → Figure (its display not sent yet) or the JSON it was frozen to


def show(figure):
    """Displays `figure` as it is now, in the slot of the program's call site."""
    slot = f"{figure.number}@{_call_site()}"
    figure._shown_version = figure._version
    now = time.monotonic()
    last = _sent_at.get(slot)
    _forget_waiting(slot)
    if last is not None and now - last < MIN_INTERVAL:
        _waiting[slot] = figure
        figure._pending.add(slot)
    else:
        _sent_at[slot] = now
        _send(to_json(figure, slot))
    flush(due_only=True)


def freeze(figure):
    """`figure` is about to change: the displays waiting for it keep it as it is."""
    for slot in figure._pending:
        _waiting[slot] = to_json(figure, slot)
    figure._pending.clear()


def flush(due_only=False):
    """Sends every waiting display (`due_only`: those whose slot's interval has passed)."""
    now = time.monotonic()
    for slot in list(_waiting):
        if due_only and now - _sent_at[slot] < MIN_INTERVAL:
            continue
        waiting = _waiting.pop(slot)
        if not isinstance(waiting, str):
            waiting._pending.discard(slot)
            waiting = to_json(waiting, slot)
        _sent_at[slot] = time.monotonic()
        _send(waiting)


def end_of_run():
    """What a notebook does after a cell: open figures that changed since they were shown are shown
    (from the end of the program), waiting displays are sent, and every figure is closed."""
    try:
        if pyplot is not None:
            for figure in pyplot._open_figures():
                if figure._shown_version != figure._version and figure.axes:
                    _forget_waiting(f"{figure.number}@end")
                    _send(to_json(figure, f"{figure.number}@end"))
        flush()
    finally:
        _sent_at.clear()
        _waiting.clear()
        if pyplot is not None:
            pyplot.close("all")


def to_json(figure, slot):
    """The figure as the page draws it (docs/testing.md, "Figures"); NaN and infinities become null (a gap)."""
    data = figure._data()
    data["slot"] = slot
    if len(data["axes"]) > MAX_AXES or any(size > MAX_GRID for axes in data["axes"] for size in axes["grid"]):
        raise ValueError(f"this figure has {len(data['axes'])} plots; the browser draws at most {MAX_AXES}, "
                         f"on grids of at most {MAX_GRID} rows and {MAX_GRID} columns")
    count = 0
    for axes in data["axes"]:
        for artist in axes["artists"]:
            for name, value in artist.items():
                if isinstance(value, list) and value and isinstance(value[0], float):
                    count += len(value)
                    if not all(map(math.isfinite, value)):
                        artist[name] = [v if math.isfinite(v) else None for v in value]
    if count > MAX_VALUES:
        raise ValueError(f"this figure holds {count:,} numbers; the browser draws figures of at most {MAX_VALUES:,}")
    return json.dumps(data, allow_nan=False, separators=(",", ":"))


def _forget_waiting(slot):
    waiting = _waiting.pop(slot, None)
    if waiting is not None and not isinstance(waiting, str):
        waiting._pending.discard(slot)


def _call_site():
    """The program's frames (outside this package) that led here: file:line, innermost first."""
    frame, sites = sys._getframe(1), []
    while frame is not None:
        filename = frame.f_code.co_filename
        if not os.path.abspath(filename).startswith(_HERE):
            sites.append(f"{filename}:{frame.f_lineno}")
        frame = frame.f_back
    return "<".join(sites)


def _send(text):
    runner = sys.modules.get("_course_runner")
    show_figure = getattr(runner, "show_figure", None)
    if show_figure is not None:
        show_figure(text)
        return
    path = os.environ.get("PYENGINE_FIGURES")
    if path:
        with open(path, "a", encoding="utf-8") as file:
            file.write(text + "\n")


def _register():
    """The runner calls end_of_run() after each run, also for a module a session's namespace kept."""
    hooks = getattr(sys.modules.get("_course_runner"), "run_end_hooks", None)
    if hooks is not None:
        hooks.add(end_of_run)


_register()
