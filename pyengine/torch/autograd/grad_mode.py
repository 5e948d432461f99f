"""Grad-mode switches: no_grad, enable_grad, set_grad_enabled, inference_mode."""
import functools

_state = {"enabled": True, "inference": False}


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


class set_grad_enabled(_Switch):
    def __init__(self, mode):
        self._args = (mode,)
        self._prev = dict(_state)
        _state["enabled"] = bool(mode)  # takes effect at once, like torch.set_grad_enabled(False)

    def _enter_value(self):
        return {"enabled": bool(self._args[0])}

    def __enter__(self):
        pass  # already applied in __init__; __exit__ restores

    def __call__(self, fn):
        _state.update(self._prev)  # used as a decorator: undo the immediate effect
        return super().__call__(fn)


class inference_mode(_Switch):
    def __init__(self, mode=True):
        self._args = (mode,)

    def _enter_value(self):
        mode = bool(self._args[0])
        return {"enabled": not mode, "inference": mode}
