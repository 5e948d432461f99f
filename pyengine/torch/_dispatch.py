"""torch.ops and what sees the ops a program runs, as PyTorch's dispatcher would show them.

``torch.ops.aten.<name>`` is an OpOverloadPacket and ``torch.ops.aten.<name>.<overload>`` an
OpOverload (``torch.ops.aten.mm.default``), one for each op declared with ``@op``
(autograd/derivatives.py) by its ATen name; calling one runs the op. Other namespaces
(``prim``, ``quantized`` ...), library loading and operator schemas are not here: each says so.

``observing(callback)`` calls ``callback(overload, args, kwargs, output)`` after each op a region
runs, as PyTorch's dispatcher reaches it below autograd: an op with a derivative entry is one
call (the ops its forward runs inside are its kernel's), an op without one is seen only when it
runs no declared op itself (otherwise it is a composite, and the ops it runs are seen). It rides
on the hook every declared op asks first (derivatives.TRANSFORM_HOOK). Selective checkpointing
(utils/checkpoint.py) uses it; profilers (``start_profiling``) are told every op's begin and end,
composites too, nested as the calls nest, as PyTorch's profiler records ATen ops.
"""
import types

from ._process import register
from .autograd import graph as _graph
from .autograd.derivatives import DECLARED, TABLE, TRANSFORM_HOOK

__all__ = ["OpOverload", "OpOverloadPacket", "ops", "observing", "start_profiling", "stop_profiling"]


class OpOverload:
    """One overload of an ATen op (``aten.mm.default``): callable, compared by identity."""

    def __init__(self, packet, overload_name, op):
        self.overloadpacket, self._overloadname, self._op = packet, overload_name, op
        self.namespace = "aten"
        self.__name__ = f"{packet.__name__}.{overload_name}"
        self.__qualname__ = self.__name__

    @property
    def op(self):
        return self._op

    def name(self):
        return f"aten::{self.overloadpacket.__name__}" + (
            "" if self._overloadname == "default" else "." + self._overloadname)

    @property
    def _schema(self):
        raise NotImplementedError(f"{self!r}._schema: this engine has no operator schemas")

    def __call__(self, *args, **kwargs):
        return self._op(*args, **kwargs)

    def __repr__(self):
        return f"aten.{self.__name__}"

    __str__ = __repr__


class OpOverloadPacket:
    """An ATen op with all its overloads (``aten.mm``): ``.default``, ``.Tensor`` ...; calling it
    runs the op as its ``torch.*`` function does."""

    def __init__(self, name):
        self.__name__ = name
        self._qualified_op_name = f"aten::{name}"
        self._overloads = {}

    def _add(self, overload_name, op):
        overload = self._overloads.get(overload_name)
        if overload is None:
            overload = self._overloads[overload_name] = OpOverload(self, overload_name, op)
        elif getattr(op, "derivative", None) is not None:  # the op with the derivative entry is the kernel
            overload._op = op
        return overload

    def overloads(self):
        return list(self._overloads)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return self._overloads[name]
        except KeyError:
            raise AttributeError(f"The underlying op of 'aten.{self.__name__}' has no overload name '{name}'") \
                from None

    def __call__(self, *args, **kwargs):
        public = _public_forms().get(self.__name__)
        if public is not None:
            return public(*args, **kwargs)
        if len(self._overloads) == 1:
            return next(iter(self._overloads.values()))(*args, **kwargs)
        raise NotImplementedError(f"torch.ops.aten.{self.__name__}: call one of its overloads "
                                  f"({', '.join(self._overloads)}); this engine does not pick one by schema")

    def __repr__(self):
        return f"aten.{self.__name__}"

    __str__ = __repr__


def _op_name(op):
    d = getattr(op, "derivative", None)
    if d is not None:
        return d.op_name or d.name
    return getattr(op, "op_name", None) or op.forward.__name__


_PACKETS = {}  # name -> OpOverloadPacket, every declared op's


def overload_of(op):
    """The OpOverload a declared op is (its ATen name ``mm`` is ``aten.mm.default``)."""
    overload = op.__dict__.get("overload")
    if overload is None:
        base, _, overload_name = _op_name(op).partition(".")
        packet = _PACKETS.get(base)
        if packet is None:
            packet = _PACKETS[base] = OpOverloadPacket(base)
        overload = op.overload = packet._add(overload_name or "default", op)
    return overload


_forms = {}


def _public_forms():
    """ATen name -> the op bound as ``torch.<name>`` (what calling a packet runs)."""
    if not _forms:
        for declared in DECLARED:
            for form in declared.forms:
                if form.startswith("torch.") and form.count(".") == 1:
                    _forms.setdefault(form[6:], declared)
    return _forms


_indexed = []


def _index():
    if not _indexed:
        for d in TABLE.values():
            overload_of(d.call)
        for declared in DECLARED:
            if hasattr(declared, "forward"):
                overload_of(declared)
        _indexed.append(True)


class _OpNamespace(types.ModuleType):
    """``torch.ops.aten``: the packets of the ops this engine declares."""

    def __init__(self, name):
        super().__init__("torch.ops." + name)
        self.name = name
        self.__file__ = "torch.ops"

    def __getattr__(self, op_name):
        if op_name.startswith("__"):
            raise AttributeError(op_name)
        _index()
        packet = _PACKETS.get(op_name) if self.name == "aten" else None
        if packet is None:
            raise AttributeError(f"'_OpNamespace' '{self.name}' object has no attribute '{op_name}'"
                                 + (" (this engine has the ATen ops it implements only)" if self.name == "aten"
                                    else f" (this engine has no operators in torch.ops.{self.name}, only in "
                                         "torch.ops.aten)"))
        return packet


class _Ops(types.ModuleType):
    """``torch.ops``: its namespaces (``aten`` holds this engine's ops)."""
    __file__ = "_ops.py"

    def __init__(self):
        super().__init__("torch.ops")
        self._namespaces = {}

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        namespace = self._namespaces.get(name)
        if namespace is None:
            namespace = self._namespaces[name] = _OpNamespace(name)
        return namespace

    def load_library(self, path):
        raise NotImplementedError("torch.ops.load_library: this engine cannot load operator libraries")

    def import_module(self, module):
        raise NotImplementedError("torch.ops.import_module: this engine cannot load operator libraries")


ops = _Ops()

for _cls in (OpOverload, OpOverloadPacket, _OpNamespace, _Ops):
    _cls.__module__ = "torch._ops"  # where PyTorch defines them (what their reprs say)


# ---- observing the ops a region runs --------------------------------------------------------

_observers = []  # callbacks of observing(), innermost last
_state = {"skip": None, "entered": 0, "profiled": None}  # profiled: the innermost op told to profilers


def _observe(op, args, kwargs):
    """TRANSFORM_HOOK while observers or profilers are installed: runs ``op``, telling profilers its
    begin and end (``aten::mm``, nested as calls nest), and observers the op when the dispatcher
    would see it."""
    if _state["skip"] is op:  # the op called again below, to run
        _state["skip"] = None
        return NotImplemented
    forward = getattr(op, "forward", None)
    if forward is None:  # a custom Function's apply: its forward's ops are seen
        return NotImplemented
    kernel = getattr(op, "derivative", None) is not None
    overload = overload_of(op)
    _state["entered"] += 1
    before = _state["entered"]
    name = "aten::" + overload.overloadpacket.__name__
    # (an op whose kernel is another declared op of its name, as mm's _mm, is one event)
    profilers = list(_graph.profilers) if _state["profiled"] != name else ()
    outer = _state["profiled"]
    for profiler in profilers:
        profiler.begin(name)
    _state["profiled"] = name
    TRANSFORM_HOOK[0] = None if kernel else _observe
    _state["skip"] = None if kernel else op
    try:
        output = op(*args, **kwargs)
    finally:
        TRANSFORM_HOOK[0] = _observe
        _state["skip"] = None
        _state["profiled"] = outer
        for profiler in reversed(profilers):
            profiler.end(name)
    if _observers and (kernel or _state["entered"] == before):
        TRANSFORM_HOOK[0] = None  # (what the callbacks run is not the region's)
        try:
            for callback in list(_observers):
                callback(overload, args, kwargs, output)
        finally:
            TRANSFORM_HOOK[0] = _observe
    return output


def _install():
    """(A vmap entered while observing replaces the hook until it ends: its ops are not observed.)"""
    if TRANSFORM_HOOK[0] not in (None, _observe):
        raise NotImplementedError("observing ops (selective checkpointing, the profiler) inside torch.func.vmap is "
                                  "not supported by this engine")
    TRANSFORM_HOOK[0] = _observe


def _uninstall():
    if not _observers and not _graph.profilers and TRANSFORM_HOOK[0] is _observe:
        TRANSFORM_HOOK[0] = None


class observing:
    """``with observing(callback):`` callback(overload, args, kwargs, output) after each op run
    inside (see the module's docstring)."""

    def __init__(self, callback):
        self.callback = callback

    def __enter__(self):
        _install()
        _observers.append(self.callback)
        return self

    def __exit__(self, *exc):
        _observers.remove(self.callback)
        _uninstall()


def start_profiling(profiler):
    """Tell ``profiler`` (begin(name), end(name)) every op from now on, and every autograd node."""
    _install()
    _graph.profilers.append(profiler)


def stop_profiling(profiler):
    if profiler in _graph.profilers:
        _graph.profilers.remove(profiler)
    _uninstall()


def _load(saved):
    """A new run (``saved`` None), or an embedded session's next one: its observers, and the hook
    installed if they (or its profilers, kept by graph.profilers) were."""
    observers, installed = saved or ((), False)
    _observers[:] = observers
    _state.update(skip=None, entered=0, profiled=None)
    if installed:
        TRANSFORM_HOOK[0] = _observe
    elif TRANSFORM_HOOK[0] is _observe:
        TRANSFORM_HOOK[0] = None


register("torch._dispatch.observers", _observers, reset=lambda: _load(None),
         save=lambda: (list(_observers), TRANSFORM_HOOK[0] is _observe), load=_load)
