"""__torch_function__: Tensor subclasses, objects that act like tensors and TorchFunctionModes, all
through one dispatch (the profiler sees ops below it, through torch._dispatch).

Plain tensors never pay for it. Until a program needs dispatch, Tensor's methods and the torch.*
functions are the ops themselves. The first time it does - a Tensor subclass that may override
(any but those with ``__torch_function__ = _disabled_torch_function_impl``, as nn.Parameter), a class
statement that defines ``__torch_function__`` or a TorchFunctionMode entered -
``activate()`` binds a dispatching wrapper in place of each (the same wrapper for the rest of the
run, so a program may key a dict by ``torch.mean``); ``_process.new_run`` puts the ops back.

The higher layers register what gets wrappers: the Tensor class (``register_class``) and the torch
namespace (``register_namespace``).
"""
import builtins
from sys import _getframe

from ._process import per_process, register, warn_once
from .autograd import graph as _graph

_classes = []      # classes whose public methods, operators and properties dispatch once active
_namespaces = {}   # module name -> (namespace dict, names, Python-level?): functions that dispatch once active
_originals = []    # (owner, name, original value, is a class) while active
active = [False]
modes = per_process("torch.overrides.TorchFunctionMode", [])  # the modes entered, innermost last
disabled = per_process("torch._C.DisableTorchFunction", {"all": 0, "subclass": 0})

# Tensor methods that are not ops: their callers (the engine's own code included) must not dispatch
_NOT_DISPATCHED = frozenset((
    "__torch_function__", "__init__", "__new__", "__init_subclass__", "__class__", "__getattribute__",
    "__getattr__", "__setattr__", "__delattr__", "__dir__", "__reduce_ex__", "__reduce__", "__hash__",
    "__sizeof__", "__subclasshook__", "__weakref__", "__dict__", "__slots__", "__module__", "__doc__",
    "__deepcopy__", "__copy__", "__setstate__", "__getstate__", "__array__", "as_subclass", "_make_subclass",
    "_make", "_view_of"))
_DUNDER_OPS = frozenset(
    f"__{n}__" for n in ("add radd iadd sub rsub isub mul rmul imul truediv rtruediv itruediv div rdiv idiv "
                         "floordiv rfloordiv ifloordiv mod rmod imod pow rpow ipow matmul rmatmul imatmul and rand "
                         "iand or ror ior xor rxor ixor lshift rlshift ilshift rshift rrshift irshift eq ne lt le "
                         "gt ge neg pos abs invert getitem setitem len contains bool float int index "
                         "complex repr str format reversed").split())


# The name of what a __torch_function__ gets for an operator, where PyTorch's binding passes the method
# it stands for (``t + u``: Tensor.add) rather than the operator itself
_FUNC_NAMES = {"__add__": "add", "__radd__": "add", "__sub__": "sub", "__mul__": "mul", "__rmul__": "mul",
               "__truediv__": "div", "__rtruediv__": "__rdiv__", "__mod__": "remainder", "__pow__": "pow",
               "__matmul__": "matmul", "__rmatmul__": "matmul", "__rand__": "bitwise_and", "__ne__": "ne",
               "__lt__": "lt", "__le__": "le", "__gt__": "gt", "__ge__": "ge", "__neg__": "neg",
               "__pos__": "positive", "__abs__": "abs", "__iadd__": "add_", "__isub__": "sub_", "__imul__": "mul_",
               "__itruediv__": "div_", "__ifloordiv__": "floor_divide_", "__imod__": "remainder_",
               "__ipow__": "pow_", "__str__": "__repr__"}

# Tensor's slot attributes (plain attributes here, getset descriptors in PyTorch) and private properties
# whose reads and writes dispatch as PyTorch's do (``Tensor.dtype.__get__``, ``Tensor._requires_grad.__set__``)
_DISPATCHED_ATTRIBUTES = frozenset(("dtype", "requires_grad", "grad_fn", "_base", "_version"))

# torch.* functions that never dispatch (PyTorch's torch.overrides.get_ignored_functions, those of them here)
IGNORED = frozenset((
    "tensor", "as_tensor", "from_numpy", "zeros", "ones", "empty", "full", "arange", "range", "linspace", "logspace",
    "eye", "rand", "randn", "randint", "randperm", "normal", "manual_seed", "is_tensor", "is_storage",
    "set_default_dtype", "get_default_dtype", "set_printoptions", "is_grad_enabled", "scalar_tensor",
    "tril_indices", "triu_indices", "empty_strided", "zeros_like", "ones_like", "empty_like", "full_like",
    "rand_like", "randn_like", "randint_like", "hamming_window", "hann_window", "bartlett_window",
    "blackman_window", "kaiser_window", "result_type", "can_cast", "promote_types", "broadcast_shapes",
    "FloatTensor", "DoubleTensor", "LongTensor", "IntTensor", "BoolTensor", "ByteTensor", "typename"))


def _disabled_torch_function_impl(func, types, args=(), kwargs=None):
    """A class whose __torch_function__ is this (nn.Parameter's) does not override: its instances
    dispatch as plain tensors."""
    if kwargs is None:
        kwargs = {}
    with DisableTorchFunctionSubclass():
        return func(*args, **kwargs)


_disabled_torch_function_impl.__module__ = "torch._C"


def register_class(cls):
    _classes.append(cls)


def register_namespace(namespace, names, python_level=False):
    """``python_level``: its functions are Python code in PyTorch too (torch.nn.functional), whose
    dispatch counts plain tensors among the overloaded arguments (the types a mode sees)."""
    # (a module imported again, as the runners' boot state drops modules a run imported, replaces its entry)
    _namespaces[namespace["__name__"]] = (namespace, tuple(names), python_level)
    if active[0]:  # loaded after dispatch was turned on (torch.nn on first use)
        _wrap_namespace(namespace, names, python_level)


# ---- activation -----------------------------------------------------------------------------

def activate():
    """Bind dispatching wrappers in place of the ops (once per run)."""
    if active[0]:
        return
    active[0] = True
    for cls in _classes:
        wrappers = {}  # one wrapper per op and name (__str__ is __repr__, as PyTorch's func)
        for name, value in list(vars(cls).items()):
            if name in _NOT_DISPATCHED or (name.startswith("_") and name not in _DUNDER_OPS
                                           and name not in _DISPATCHED_ATTRIBUTES):
                continue
            if getattr(value, "__torch_dispatching__", False) or \
                    getattr(getattr(value, "fget", None), "__torch_dispatching__", False):
                continue  # bound while active in an earlier run and kept (a snapshot of the interpreter)
            if isinstance(value, property) and value.fget is not None:
                setter = value.fset and _wrapper(value.fset, name, "method", descriptor=value, access="__set__")
                wrapped = property(_wrapper(value.__get__, name, "method", descriptor=value), setter, value.fdel,
                                   value.__doc__)
            elif name in _DISPATCHED_ATTRIBUTES and hasattr(value, "__set__"):  # a slot's member descriptor
                wrapped = property(_wrapper(value.__get__, name, "method", descriptor=value),
                                   _wrapper(value.__set__, name, "method", descriptor=value, access="__set__"))
            elif callable(value) and not isinstance(value, (type, staticmethod, classmethod)):
                # an operator's own tensor does not count as overriding, a method's does (as PyTorch's bindings)
                kind = "operator" if name in _DUNDER_OPS and name not in ("__repr__", "__str__", "__format__") \
                    else "method"
                func_name = _FUNC_NAMES.get(name, name)
                if (id(value), func_name) not in wrappers:
                    wrappers[id(value), func_name] = _wrapper(value, func_name, kind)
                wrapped = wrappers[id(value), func_name]
            else:
                continue
            _originals.append((cls, name, value, True))
            setattr(cls, name, wrapped)
    for namespace, names, python_level in _namespaces.values():
        _wrap_namespace(namespace, names, python_level)


def _wrap_namespace(namespace, names, python_level):
    for name in names:
        value = namespace.get(name)
        if callable(value) and not isinstance(value, type) and not getattr(value, "__torch_dispatching__", False):
            _originals.append((namespace, name, value, False))
            namespace[name] = _wrapper(value, name, "python" if python_level else "function",
                                       owner=namespace["__name__"])


def deactivate():
    """Put the ops back (a new run starts without dispatch)."""
    while _originals:
        owner, name, value, is_class = _originals.pop()
        if is_class:
            setattr(owner, name, value)
        else:
            owner[name] = value
    active[0] = False


# whether the dispatching wrappers are bound (the modes and switches are registered above)
register("torch._torch_function", active, reset=deactivate, save=lambda: active[0],
         load=lambda was_active: activate() if was_active else deactivate())
_graph.dispatch_disabled = disabled  # backward's formulas do not dispatch (PyTorch's are C++)


_skip = per_process("torch.overrides.redispatch_function", [False])  # the next dispatch check lets the call through


def skip_one_hop():
    """Consume a pending redispatch: True once after redispatch() began its call."""
    if _skip[0]:
        _skip[0] = False
        return True
    return False


def redispatch(func, args, kwargs):
    """Call ``func`` with one level of dispatch skipped (torch.overrides.redispatch_function)."""
    _skip[0] = True
    try:
        return func(*args, **kwargs)
    finally:
        _skip[0] = False


def _wrapper(raw, name, kind, descriptor=None, owner=None, access="__get__"):
    """What stands for ``raw`` while dispatch is active: ``raw`` itself when no argument overrides,
    no mode is entered; the overriding ``__torch_function__`` otherwise.
    ``kind``: "function" (torch.*), "method" (Tensor's: its own tensor counts), "operator" or
    "python" (every tensor argument counts)."""
    def dispatching(*args, **kwargs):
        if descriptor is not None and _is_engine(_getframe(1).f_globals.get("__name__", "")):
            return raw(*args, **kwargs)  # the engine's own attribute reads and writes (C++ in PyTorch)
        if not disabled["all"] and not (_skip[0] and skip_one_hop()):
            overloaded = None if disabled["subclass"] else _overloaded_args(args, kwargs)
            if overloaded or modes:
                if kind == "python":
                    overloaded = _overloaded_args(args, kwargs, plain=True)
                elif kind == "method" and args and type(args[0]) in _classes:
                    overloaded = _add_overloaded(overloaded, args[0], plain=True)
                return handle_torch_function(public, overloaded or (), args, kwargs)
        return raw(*args, **kwargs)

    dispatching.__name__ = name  # as PyTorch names an alias: Tensor.long, not the int64 it shares
    # named as PyTorch names the public function: torch.add, torch.Tensor.add
    dispatching.__module__, dispatching.__qualname__ = (owner, name) if isinstance(owner, str) else \
        ("torch", f"Tensor.{name}")
    dispatching.__doc__ = getattr(raw, "__doc__", None)
    dispatching.__wrapped__ = raw
    dispatching.__torch_dispatching__ = True
    # what a __torch_function__ gets as ``func``: the public function (an attribute: its descriptor's
    # __get__ or __set__)
    public = dispatching if descriptor is None else getattr(descriptor, access)
    if descriptor is not None:
        dispatching.__name__ = access
    return dispatching


def _is_engine(module_name):
    return module_name == "torch" or module_name.startswith("torch.")


# ---- dispatch ---------------------------------------------------------------------------------

def dispatches_from(t):
    """Whether a Tensor method PyTorch writes in Python (``__deepcopy__``, ``__reduce_ex__``) goes to
    ``__torch_function__`` for ``t`` now (its has_torch_function_unary)."""
    return not disabled["all"] and (bool(modes) or (not disabled["subclass"] and _overrides(type(t))))


def overriding(t):
    """The relevant arguments of such a method: ``t`` if its type overrides."""
    return (t,) if _overrides(type(t)) else ()


def needs_dispatch(cls):
    """Whether defining class ``cls`` turns dispatch on: a class of the program's (not the engine's)
    that overrides."""
    return not (getattr(cls, "__module__", None) or "").startswith("torch.") and _overrides(cls)


def _overrides(t):
    """Whether instances of type ``t`` take part in dispatch."""
    method = getattr(t, "__torch_function__", None)
    if method is None or getattr(method, "__func__", method) is _disabled_torch_function_impl:
        return False
    return t not in _classes  # the exact Tensor class does not


def _overloaded_args(args, kwargs, plain=False):
    """The arguments whose types override, subclasses before their parents, one per type (PyTorch's
    _get_overloaded_args); lists and tuples of arguments are looked into. With ``plain``, plain
    tensors too (as PyTorch's Python-level dispatch counts them)."""
    found = None
    for value in (*args, *kwargs.values()) if kwargs else args:
        if isinstance(value, (list, tuple)):
            for item in value:
                found = _add_overloaded(found, item, plain)
        else:
            found = _add_overloaded(found, value, plain)
    return found


_PLAIN = frozenset((int, float, bool, str, type(None), complex, slice, type(Ellipsis)))


def _add_overloaded(found, value, plain=False):
    t = type(value)
    if t in _PLAIN or (t in _classes and not plain) or (t not in _classes and not _overrides(t)):
        return found
    if found is None:
        return [value]
    if any(type(f) is t for f in found):
        return found
    for i, other in enumerate(found):
        if issubclass(t, type(other)):
            found.insert(i, value)
            return found
    found.append(value)
    return found


def handle_torch_function(public_api, relevant_args, args, kwargs):
    """Call the innermost mode's __torch_function__, then each overriding argument's, until one does
    not return NotImplemented."""
    overloaded = list(relevant_args)
    types = tuple(type(a) for a in overloaded)
    if modes:
        mode = modes.pop()  # a mode's own calls go to the modes under it
        try:
            result = mode.__torch_function__(public_api, types, args, kwargs)
        finally:
            modes.append(mode)
        if result is not NotImplemented:
            return result
    for arg in overloaded:
        method = arg.__torch_function__
        if getattr(method, "__self__", None) is arg:
            warn_once("Defining your `__torch_function__` as a plain method is deprecated and will be an error in "
                      "future, please define it as a classmethod. (Triggered internally at "
                      "/__w/pytorch/pytorch/torch/csrc/utils/python_arg_parser.cpp:359.)")
        result = method(public_api, types, args, kwargs)
        if result is not NotImplemented:
            return result
    name = f"{getattr(public_api, '__module__', None)}.{getattr(public_api, '__qualname__', public_api)}"
    handlers = "".join(f"  - tensor subclass {type(arg)}\n" for arg in overloaded)
    raise TypeError(f"Multiple dispatch failed for '{name}'; all __torch_function__ handlers returned "
                    f"NotImplemented:\n\n{handlers}\nFor more information, try re-running with "
                    "TORCH_LOGS=not_implemented")


class DisableTorchFunctionSubclass:
    """Context manager: tensor subclasses dispatch as plain tensors (modes still apply)."""

    def __enter__(self):
        disabled["subclass"] += 1

    def __exit__(self, *exc):
        disabled["subclass"] -= 1


class DisableTorchFunction:
    """Context manager: no __torch_function__ dispatch at all (subclasses and modes)."""

    def __enter__(self):
        disabled["all"] += 1

    def __exit__(self, *exc):
        disabled["all"] -= 1


for _cls in (DisableTorchFunctionSubclass, DisableTorchFunction):
    _cls.__module__ = "torch._C"


# ---- a class statement that defines __torch_function__ turns dispatch on -----------------------

_build_class = builtins.__build_class__


def _build_class_watching(func, name, *bases, **kwargs):
    cls = _build_class(func, name, *bases, **kwargs)
    if not active[0] and _classes and "__torch_function__" in getattr(cls, "__dict__", ()) and needs_dispatch(cls):
        activate()
    return cls


builtins.__build_class__ = _build_class_watching
