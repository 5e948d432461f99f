"""What PyTorch keeps per process that a program can change: one registry of it, and a fresh start.

Whatever runs programs one after another in one interpreter (the app's worker, app/py/host.py)
calls ``new_run()`` before each, so that every program starts as it would in a new Python
process: the default generator seeded from fresh entropy (as a new process seeds it), default
dtype, print options, grad mode, anomaly mode, flags such as set_warn_always, the warnings PyTorch
shows only once per process (TORCH_WARN_ONCE, ``warn_once`` here), and whatever else a module
registers here. An embedded session (app/py/runner.py) keeps its own: ``save()`` after each of its
runs, ``load()`` before the next.

Every module that keeps such state registers it where it defines it, with one of
``per_process(name, container)`` (a dict, list or set whose contents at registration are a new
process's), ``per_process_object(name, obj)`` (an object whose attributes are the state),
``per_process_global(module_name or class, attribute)`` (a global or class attribute that code rebinds) or
``register(name, target, reset=, save=, load=)`` (anything else). tests/engine/test_process_state.py
finds every module-level container, instance, ContextVar and rebound global of the engine that
code changes, and fails for one that is neither registered nor listed there as not per-process
state (docs/process-state.md).
"""
import copy
import sys

from ._caller import warn


class _State:
    """One piece of per-process state: `target` is what holds it (an object, or (owner, attribute)
    for a global or class attribute); `reset()` makes it a new process's, `save()` returns it and
    `load(saved)` puts it back."""
    __slots__ = ("target", "reset", "save", "load")

    def __init__(self, target, reset, save, load):
        self.target, self.reset, self.save, self.load = target, reset, save, load


# name -> _State, in registration order (which is import order). A module imported again (the
# runners' boot state drops modules a run imported) registers its new state under the same names.
registry = {}


def register(name, target, *, reset, save, load):
    """Registers per-process state held by `target`; returns `target`."""
    registry[name] = _State(target, reset, save, load)
    return target


def per_process(name, container):
    """Registers a dict, list or set (an OrderedDict ...) whose contents now are those of a new
    process; its contents are put back in place, so names bound to it elsewhere see the change."""
    fresh = copy.copy(container)
    return register(name, container, reset=lambda: _refill(container, fresh),
                    save=lambda: copy.copy(container), load=lambda saved: _refill(container, saved))


def per_process_global(owner, attribute):
    """Registers a global that functions rebind: of the module named `owner`, or an attribute of the
    class `owner`; its value now is a new process's."""
    if isinstance(owner, str):
        owner, name = sys.modules[owner], f"{owner}.{attribute}"
    else:
        name = f"{owner.__module__}.{owner.__qualname__}.{attribute}"
    fresh = _copy(getattr(owner, attribute))
    register(name, (owner, attribute), reset=lambda: setattr(owner, attribute, _copy(fresh)),
             save=lambda: _copy(getattr(owner, attribute)), load=lambda saved: setattr(owner, attribute, _copy(saved)))


def _copy(value):
    """A container's copy (code may change its contents in place), any other value itself."""
    return copy.copy(value) if isinstance(value, (dict, list, set)) else value


def per_process_object(name, obj):
    """Registers an object whose attributes are per-process state (PRINT_OPTS); their values now are a new process's."""
    attributes = vars(obj)
    fresh = dict(attributes)
    return register(name, obj, reset=lambda: _refill(attributes, fresh), save=lambda: dict(attributes),
                    load=lambda saved: _refill(attributes, saved))


def _refill(container, contents):
    container.clear()
    (container.extend if isinstance(container, list) else container.update)(contents)


def new_run():
    """Every registered state as a newly started process has it."""
    for state in registry.values():
        state.reset()


def save():
    """The registered state now, for `load()` (an embedded session's between its runs)."""
    return {name: state.save() for name, state in registry.items()}


def load(saved):
    """Puts back what `save()` returned; state registered since then starts fresh."""
    for name, state in registry.items():
        if name in saved:
            state.load(saved[name])
        else:
            state.reset()


_shown = per_process("torch._process._shown", set())  # the once-per-process warnings shown
settings = per_process("torch._process.settings",  # flags a program can set (torch.set_warn_always ...); no effect on the engine
                       {"warn_always": False, "float32_matmul_precision": "highest", "deterministic": (False, False)})


def warn_once(message):
    """Warn at the program's line that called into the engine (PyTorch's warnings come from
    C++, so Python reports the caller's line), the first time only."""
    if message not in _shown:
        _shown.add(message)
        warn(message)
