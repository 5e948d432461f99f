"""What PyTorch keeps per process that a program can change, and a fresh start of it.

Whatever runs programs one after another in one interpreter (the app's worker, the golden
test runner) calls ``new_run()`` before each, so that every program starts as it would in a
new Python process: default dtype, print options, grad mode, flags such as set_warn_always, and
the warnings PyTorch shows only once per process (TORCH_WARN_ONCE, ``warn_once`` here). The random generator is not
reset: a new process seeds it differently every time too.
"""
from ._caller import warn

_shown = set()
_DEFAULT_SETTINGS = {"warn_always": False, "float32_matmul_precision": "highest", "deterministic": (False, False)}
settings = dict(_DEFAULT_SETTINGS)  # flags a program can set (torch.set_warn_always ...); no effect on the engine


def warn_once(message):
    """Warn at the program's line that called into the engine (PyTorch's warnings come from
    C++, so Python reports the caller's line), the first time only."""
    if message not in _shown:
        _shown.add(message)
        warn(message)


def new_run():
    from . import _dtype, _tensor_str
    from .autograd import grad_mode, graph
    _shown.clear()
    settings.update(_DEFAULT_SETTINGS)
    _dtype.set_default_dtype(_dtype.float32)
    _tensor_str.set_printoptions(profile="default")
    grad_mode._state.update(enabled=True, inference=False, multithreading=True, grad_layout_policy=True)
    graph.anomaly.update(enabled=False, check_nan=True)
    graph.saved_hooks.clear()
    graph.saved_hooks_disabled[0] = None
    graph.mutation_contexts.clear()
    for reset in _resets:
        reset()


_resets = []  # what higher modules keep per process (nn's global hooks ...): they register its reset here


def on_new_run(reset):
    """Have ``reset()`` called at every new_run (a module above this one keeps per-process state)."""
    _resets.append(reset)
