"""torch.overrides: the __torch_function__ protocol's helpers (the dispatch is _torch_function's)."""
import contextlib
import functools
import inspect
import sys

from . import _torch_function as _tf
from ._tensor import Tensor
from .nn import functional as _functional  # noqa: F401  (its functions are overridable: registered on import)

__all__ = ["get_ignored_functions", "get_overridable_functions", "get_testing_overrides", "handle_torch_function",
           "has_torch_function", "resolve_name", "is_tensor_like", "is_tensor_method_or_property",
           "wrap_torch_function", "enable_reentrant_dispatch", "redispatch_function"]


def _namespaces():
    """(the module or class, its overridable functions by name) of each dispatching namespace."""
    _tf.activate()  # a program asking about overrides uses them: the public functions are the dispatching ones
    result = []
    for namespace, names, _ in _tf._namespaces.values():
        owner = sys.modules[namespace["__name__"]]
        result.append((owner, {name: namespace[name] for name in sorted(names) if callable(namespace.get(name))}))
    for cls in _tf._classes:
        functions = {}
        for name in sorted(vars(cls)):
            value = vars(cls)[name]
            if isinstance(value, property):
                functions[name] = value.__get__
            elif callable(value) and getattr(value, "__wrapped__", None) is not None:
                functions[name] = value
        result.append((cls, functions))
    return result


def _public_name(owner):
    return "torch.Tensor" if owner is Tensor else owner.__name__


def get_overridable_functions():
    """{namespace: [its functions that __torch_function__ can override]}: torch, torch.Tensor and
    torch.nn.functional."""
    return {owner: list(functions.values()) for owner, functions in _namespaces()}


def resolve_name(f):
    """The public name of an overridable function ('torch.add', 'torch.Tensor.add'), or None."""
    for owner, functions in _namespaces():
        for name, g in functions.items():
            if g is f or (getattr(f, "__self__", None) is not None and getattr(g, "__self__", None) is f.__self__):
                suffix = ".__get__" if getattr(g, "__name__", "") == "__get__" else ""
                return f"{_public_name(owner)}.{name}{suffix}"
    return None


def get_ignored_functions():
    """The torch.* functions __torch_function__ does not override (factories, settings ...)."""
    torch = sys.modules["torch"]
    return {getattr(torch, name) for name in _tf.IGNORED if hasattr(torch, name)}


def get_testing_overrides():
    """{overridable function: a dummy with its signature that returns -1}."""
    dummies = {}
    for _, functions in _namespaces():
        for f in functions.values():
            def dummy(*args, **kwargs):
                return -1
            try:
                dummy.__signature__ = inspect.signature(getattr(f, "__wrapped__", f))
            except (TypeError, ValueError):
                pass
            dummies[f] = dummy
    return dummies


def is_tensor_method_or_property(func):
    """Whether ``func`` is a method or property getter of torch.Tensor."""
    return any(func is g for g in get_overridable_functions()[Tensor]) or getattr(func, "__name__", None) == "__get__"


def is_tensor_like(inp):
    """A Tensor, or an object whose type implements __torch_function__."""
    return type(inp) is Tensor or hasattr(inp, "__torch_function__")


def has_torch_function(relevant_args):
    """Whether any of ``relevant_args`` overrides, or a TorchFunctionMode is entered."""
    _tf.activate()
    if _tf.skip_one_hop():
        return False
    return bool(_tf.modes) or bool(_tf._overloaded_args(tuple(relevant_args), {}))


def handle_torch_function(public_api, relevant_args, *args, **kwargs):
    """Call the __torch_function__ of the mode or arguments that override ``public_api``."""
    overloaded = _tf._overloaded_args(tuple(relevant_args), {}, plain=True) or ()
    return _tf.handle_torch_function(public_api, overloaded, args, kwargs)


def redispatch_function(func, types, args, kwargs):
    """Call ``func`` skipping one level of __torch_function__ dispatch."""
    return _tf.redispatch(func, args, kwargs or {})


def wrap_torch_function(dispatcher):
    """Decorator: make a function of your own overridable; ``dispatcher`` returns its relevant arguments."""
    def inner(func):
        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            relevant_args = dispatcher(*args, **kwargs)
            if has_torch_function(relevant_args):
                return handle_torch_function(wrapped, relevant_args, *args, **kwargs)
            return func(*args, **kwargs)
        return wrapped
    return inner


@contextlib.contextmanager
def enable_reentrant_dispatch():
    """For __torch_dispatch__ code only, which this engine does not have: PyTorch's error anywhere else."""
    raise RuntimeError("Accessing torch dispatch state outside of '__torch_dispatch__' is not allowed.")
    yield


class TorchFunctionMode:
    """Overrides every torch function and Tensor method inside ``with Mode():``."""

    def __init__(self):
        pass

    def __torch_function__(self, func, types, args=(), kwargs=None):
        raise NotImplementedError

    def __enter__(self):
        _tf.activate()
        _tf.modes.append(self)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        _tf.modes.pop()

    @classmethod
    def push(cls, *args, **kwargs):
        from ._caller import warn
        warn("`Mode.push()` is no longer necessary and can be replaced with just `with Mode()`")
        return cls(*args, **kwargs)


BaseTorchFunctionMode = TorchFunctionMode
