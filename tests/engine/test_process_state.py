"""Every piece of per-process state the engine keeps is registered in torch/_process.py, and
new_run() gives each the value a newly started process has (docs/process-state.md).

The first test finds the state itself: it imports every engine module and reads every module's
source, and fails for any module-level ContextVar or thread-local, any global a function rebinds
(`global x`), any module-level or class-level container that code changes (`x[k] = v`,
`x.append(...)`, `x.update(...)` ...) and any module-level instance of an engine class that is
neither registered nor listed in NOT_STATE below. New state therefore cannot be forgotten: it is
found here, and then needs a line in CHANGES (process_changes.py), which the other tests use to
check its reset.
"""
import ast
import collections.abc
import contextvars
import functools
import importlib
import pkgutil
import sys
import threading
import types
import weakref
from collections import OrderedDict, defaultdict, deque
from pathlib import Path

import pytest
import torch
from torch import _process

from process_changes import CHANGES, ENTROPY

ENGINE = Path(torch.__file__).parent

# Found by the scan but not state a program can tell from a new process's, with the reason.
NOT_STATE = {
    # Caches of pure functions of their keys: a program sees the same results with or without them.
    "torch._aten.reduce._PLANS": "cache of reduction plans",
    "torch._aten.reduce._ROWS": "cache of the reductions' outputs and reduced offsets per layout",
    "torch._tensor._CONTIGUOUS_STRIDES": "cache of contiguous strides by shape",
    "torch._backend.numpy._blas_verdict": "cache of whether numpy's BLAS rounds as PyTorch's does (measured once)",
    "torch._backend.numpy._MT_AT": "cache: which generator block numpy's MT19937 mirror holds (blocks are "
                                    "never changed in place; any other is loaded into it before it draws)",
    "torch._backend.numpy._extobj_contextvar": "numpy's own error-state variable, set and reset around each kernel "
                                               "(numpy keeps a run's settings in it, not the engine)",
    "torch._backend.numpy._dgemm_verdict": "cache of how many steps numpy's dgemm sums in the loop's order (measured once)",
    "torch._backend.kernels._scratch_doubles": "the wasm kernels' working space, written before it is read in "
                                                "every call",
    "torch.autograd.graph._shared_nrs": "interned output-number tuples",
    "torch.autograd.derivatives._TEMPLATES": "cache of generated recording code",
    "torch.autograd.graph_export._slot_inputs": "cache of each node kind's input names by its edges",
    "torch.distributions.transforms.identity_transform": "a transform that caches nothing",
    "torch.autograd.graph._sequence": "node sequence numbers: only their order within one graph matters",
    # The runners' own machinery, set around a run (app/py/course_graph.py), not by programs.
    "torch.autograd.graph.recorder": "the graph panel's recorder, installed around a recorded run",
    # Tables filled while the engine is imported, constant afterwards.
    "torch.Tensor.hardshrink": "a method installed at import",
    "torch.Tensor.prelu": "a method installed at import",
    "torch._methods.DECLARED": "op declarations, filled at import",
    "torch._aten._dispatch.KERNELS": "kernel table, filled at import",
    "torch.autograd.derivatives.TABLE": "derivative table, filled at import",
    "torch.autograd.derivatives.DECLARED": "op declarations, filled at import",
    "torch.return_types._FIELDS": "named tuple types, filled at import",
    "torch._process.registry": "the registry of per-process state itself",
    "torch._torch_function._classes": "the classes whose methods dispatch, registered at import",
    "torch._torch_function._namespaces": "the namespaces whose functions dispatch, registered at import",
    "torch._torch_function._originals": "the ops dispatch replaced, to put back: part of torch._torch_function",
    "torch.autograd.graph.PACKED": "a sentinel",
    "torch.autograd.derivatives.PACKED": "a sentinel",
    "torch.autograd.inplace.PACKED": "a sentinel",
    "torch.autograd.graph.graph_tasks": "the backward runs under way: none between runs",
    "torch.autograd.graph._task_ids": "backward run ids: only compared within one run",
    # torch.func's transform levels and the hooks they install: set by context managers around a
    # transform's call and undone on its way out (an exception or Stop included), so no program line
    # leaves them changed.
    "torch._functorch.pyfunctorch.STACK": "the active transform levels, pushed and popped around each transform",
    "torch.autograd.derivatives.TRANSFORM_HOOK": "vmap's dispatcher, installed only while a vmap runs",
    "torch._functorch.batch_rules._outside": "the hook a vmap replaced, put back when it ends",
    "torch.autograd.derivatives.AUX_OUTPUTS": "set by an aux op's forward and read by its own node at once; "
                                             "what an op that recorded nothing left is never read",
    "torch._random_ops.RANDOMNESS_HOOK": "vmap's randomness policy, installed only while a vmap runs",
    "torch._tensor.REPR_HOOK": "grad transforms' printer, installed only while one runs",
    "torch._functorch.vmap._pending": "a random draw's batch levels between its shape and its values, inside a vmap",
    "torch._dispatch._state": "the op observer's bookkeeping, inside an observed op's call (reset with "
                              "torch._dispatch.observers)",
    # torch.ops: built once from the ops' declarations, the same in every run
    "torch._dispatch._PACKETS": "torch.ops.aten's packets, one per declared op",
    "torch._dispatch._forms": "a cache of the declared torch.* forms",
    "torch._dispatch._indexed": "whether torch.ops.aten was built",
}
# Types (or modules, for every class they define) whose module-level instances are values, not
# state: nothing changes them after import.
VALUE_TYPES = ("torch._dtype.dtype", "torch._device.device", "torch.layout", "torch.memory_format",
               "torch.autograd.derivatives._AllAt0", "torch.optim.optimizer._RequiredParameter",
               "torch.distributions.constraints")


_CONTAINERS = (dict, list, set, bytearray, deque, OrderedDict, defaultdict,
               weakref.WeakKeyDictionary, weakref.WeakValueDictionary, weakref.WeakSet)
_CODE = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType, functools.partial, property)
_MUTATORS = {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "add",
             "discard", "appendleft", "extendleft", "sort", "reverse", "move_to_end", "set", "__setitem__", "__delitem__"}


OPTIONAL = {"torch._backend.numpy"}  # needs numpy, which the browser's Python has not


def _engine_modules():
    for info in pkgutil.walk_packages(torch.__path__, "torch."):
        try:
            importlib.import_module(info.name)
        except ImportError:
            if info.name not in OPTIONAL:
                raise
    return {name: module for name, module in sys.modules.items()
            if (name == "torch" or name.startswith("torch.")) and getattr(module, "__file__", "").startswith(str(ENGINE))}


class _Changes(ast.NodeVisitor):
    """What a module's functions change: `mutated` (expressions whose object changes, with the names
    local to their function), `attributes_set` ((expression, attribute) assigned to: a module's
    global or a class's attribute, when the expression stands for one), `rebound` (globals declared
    `global`)."""

    def __init__(self):
        self.mutated, self.attributes_set, self.rebound, self._locals = [], [], set(), [set()]

    def visit_FunctionDef(self, node):
        names = {arg.arg for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs,
                                     node.args.vararg, node.args.kwarg] if arg is not None}
        declared = set()
        for inner in ast.walk(node):
            if isinstance(inner, ast.Global):
                declared.update(inner.names)
            elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                names.add(inner.id)
        self.rebound |= declared
        self._locals.append(names - declared)
        self.generic_visit(node)
        self._locals.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self._locals.append({arg.arg for arg in node.args.args})
        self.generic_visit(node)
        self._locals.pop()

    def _changed(self, target):
        if len(self._locals) > 1:  # inside a function: module-level code runs once, at import
            self.mutated.append((target, set().union(*self._locals)))

    def visit_Call(self, node):
        if isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
            self._changed(node.func.value)
        self.generic_visit(node)

    def _store(self, target):
        if isinstance(target, ast.Attribute) and len(self._locals) > 1:
            self.attributes_set.append((target.value, target.attr, set().union(*self._locals)))
        if isinstance(target, (ast.Subscript, ast.Attribute)):
            self._changed(target.value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._store(element)

    def visit_Assign(self, node):
        for target in node.targets:
            self._store(target)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        self._store(node.target)
        self.generic_visit(node)

    def visit_Delete(self, node):
        for target in node.targets:
            self._store(target)
        self.generic_visit(node)


def _resolve(expression, namespace, local_names):
    """The object a Name or attribute chain of Names stands for in a module's namespace, or None."""
    if isinstance(expression, ast.Name):
        if expression.id in local_names or expression.id not in namespace:
            return None
        return namespace[expression.id]
    if isinstance(expression, ast.Attribute):
        owner = _resolve(expression.value, namespace, local_names)
        try:
            return None if owner is None else getattr(owner, expression.attr)
        except Exception:
            return None
    return None


def _found_state(modules):
    """{qualified name: what holds it} of every piece of state the scan finds."""
    changed, found = set(), {}
    for name, module in modules.items():
        visitor = _Changes()
        visitor.visit(ast.parse(Path(module.__file__).read_text(encoding="utf-8")))
        namespace = vars(module)
        for expression, local_names in visitor.mutated:
            target = _resolve(expression, namespace, local_names)
            if target is not None:
                changed.add(id(target))
        for rebound in visitor.rebound:
            found[f"{name}.{rebound}"] = (module, rebound)
        for expression, attribute, local_names in visitor.attributes_set:
            owner = _resolve(expression, namespace, local_names)
            if isinstance(owner, types.ModuleType) and owner.__name__ in modules:
                found.setdefault(f"{owner.__name__}.{attribute}", (owner, attribute))
            elif isinstance(owner, type) and owner.__module__.startswith("torch"):
                found.setdefault(f"{owner.__module__}.{owner.__qualname__}.{attribute}", (owner, attribute))
    for name, module in modules.items():
        for attribute, value in vars(module).items():
            qualified = f"{name}.{attribute}"
            if isinstance(value, (contextvars.ContextVar, threading.local, collections.abc.Iterator)):
                found.setdefault(qualified, value)
            elif isinstance(value, _CONTAINERS) and id(value) in changed and not attribute.startswith("__"):
                found.setdefault(qualified, value)
            elif isinstance(value, type) and value.__module__ == name:
                for class_attribute, class_value in vars(value).items():
                    if isinstance(class_value, _CONTAINERS) and id(class_value) in changed:
                        found.setdefault(f"{qualified}.{class_attribute}", class_value)
            elif (type(value).__module__.startswith("torch") and not isinstance(value, (type, *_CODE))
                  and not {type(value).__module__, f"{type(value).__module__}.{type(value).__qualname__}"} & set(VALUE_TYPES)):
                found.setdefault(qualified, value)
    return found


def _exists(name, modules):
    module_name, _, attribute = name.rpartition(".")
    if module_name in modules:
        return hasattr(modules[module_name], attribute)
    module_name, _, owner = module_name.rpartition(".")
    return hasattr(getattr(modules.get(module_name), owner, None), attribute)


def _covered(holder):
    """Whether a registered state is `holder`, or the container that holds its state (an attribute)."""
    parts = [] if isinstance(holder, tuple) else list(getattr(holder, "__dict__", {}).values())
    for state in _process.registry.values():
        target = state.target
        if target is holder or (isinstance(holder, tuple) and target == holder) or any(part is target for part in parts):
            return True
    return False


def test_every_piece_of_per_process_state_is_registered_or_listed_as_not_state():
    modules = _engine_modules()
    found = _found_state(modules)
    # The same object may be found under several names (imported elsewhere): one of them listed is enough.
    names_of = {}
    for name, holder in found.items():
        names_of.setdefault(holder if isinstance(holder, tuple) else id(holder), (holder, []))[1].append(name)
    unregistered = [names for holder, names in names_of.values()
                    if not _covered(holder) and not any(name in NOT_STATE for name in names)]
    assert not unregistered, (
        "per-process state that new_run() does not reset: register it in torch/_process.py "
        f"(per_process, per_process_global or register) or list it in NOT_STATE with a reason: {unregistered}")
    # All of them, but the numpy backend's where numpy cannot be imported (the browser)
    listed_here = {name for name in NOT_STATE
                   if not any(name.startswith(optional + ".") for optional in OPTIONAL) or _exists(name, modules)}
    assert listed_here <= set(found), f"listed but no longer found: {listed_here - set(found)}"


def test_every_registered_state_has_a_change_to_test_its_reset_with():
    _engine_modules()
    assert set(_process.registry) == set(CHANGES)


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_new_run_gives_each_state_a_new_process_value_and_a_session_gets_its_own_back(name):
    _engine_modules()
    state = _process.registry[name]
    _process.new_run()
    fresh = state.save()
    program = {"torch": torch}  # kept until the end: what the change made stays alive (a context entered)
    exec(CHANGES[name], program)
    changed = state.save()
    assert changed != fresh, "the change in CHANGES changed nothing"
    saved = _process.save()
    _process.new_run()
    if name in ENTROPY:
        assert state.save() not in (fresh, changed)
    else:
        assert state.save() == fresh
    _process.load(saved)  # an embedded session's next run
    assert state.save() == changed
    _process.new_run()
