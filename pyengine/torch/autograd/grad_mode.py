"""Grad-mode switches: no_grad, enable_grad, set_grad_enabled, inference_mode (and two flags of
PyTorch's engine that change nothing here)."""
import functools

from .._process import per_process

_state = per_process("torch.set_grad_enabled", {"enabled": True, "inference": False, "multithreading": True, "grad_layout_policy": True})
# forward AD (autograd.dual): "level" is the innermost entered dual level (-1: none; levels nest
# only as torch.func.jvp's, "jvp_levels" of them); ops see the tangents of levels 0.."visible"
# ("active": visible >= 0), lowered while an op's forward (-1), a level's tangent formulas (the
# levels outside it) or a custom Function's forward runs
_forward_state = per_process("torch.autograd.forward_ad", {"active": False, "level": -1, "visible": -1,
                                                           "jvp_levels": 0})


def set_visible_dual_level(level):
    """Let ops see the tangents of dual levels 0..level (none: -1); returns the previous level."""
    previous = _forward_state["visible"]
    _forward_state["visible"] = level
    _forward_state["active"] = level >= 0
    return previous


def is_grad_enabled():
    return _state["enabled"]


def is_inference_mode_enabled():
    return _state["inference"]


class _Switch:
    """Base of the context managers; each is also usable as a decorator."""

    def _enter_value(self):
        raise NotImplementedError

    def __enter__(self):
        self._prev = dict(_state)
        _state.update(self._enter_value())

    def __exit__(self, *exc):
        _state.update(self._prev)
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with self.__class__(*self._args):
                return fn(*args, **kwargs)
        return wrapped

    _args = ()

    def clone(self):
        return self.__class__(*self._args)


class no_grad(_Switch):
    def _enter_value(self):
        return {"enabled": False}


class enable_grad(_Switch):
    def _enter_value(self):
        return {"enabled": True}


class _SetAtOnce(_Switch):
    """A flag set when constructed (as torch.set_grad_enabled(False) works as a plain call), put back on
    leaving the with block; as a decorator, set only while the function runs."""
    _key = None

    def __init__(self, mode):
        self._args = (mode,)
        self._prev = dict(_state)
        _state[self._key] = bool(mode)

    def _enter_value(self):
        return {self._key: bool(self._args[0])}

    def __enter__(self):
        pass  # already applied in __init__; __exit__ restores

    def __call__(self, fn):
        _state.update(self._prev)  # used as a decorator: undo the immediate effect
        return super().__call__(fn)


class set_grad_enabled(_SetAtOnce):
    _key = "enabled"


# Flags of PyTorch's engine with nothing to switch here (one thread, gradients always contiguous)
class set_multithreading_enabled(_SetAtOnce):
    _key = "multithreading"


class enforce_grad_layout_policy(_SetAtOnce):
    _key = "grad_layout_policy"

    def __init__(self, enable=True):
        super().__init__(enable)


class inference_mode(_Switch):
    def __init__(self, mode=True):
        self._args = (mode,)

    def _enter_value(self):
        mode = bool(self._args[0])
        return {"enabled": not mode, "inference": mode}
