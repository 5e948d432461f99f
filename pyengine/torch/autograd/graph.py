"""The recorded graph: Node (a backward function), AccumulateGrad, and the engine that runs them.

Every differentiable op records one Node whose class is named like PyTorch's
(``MulBackward0`` ...). ``next_functions`` point at the nodes that produced the op's
inputs, ``(None, 0)`` where an input needs no gradient; a leaf that requires grad is
reached through its ``AccumulateGrad`` node.

A node keeps its edges as two tuples, ``_next`` (the nodes) and ``_next_nr`` (which output
of each), not as one ``(node, nr)`` pair per edge: a graph is mostly edges, and every
object in it costs the garbage collector time. ``_next_nr`` tuples are shared.
"""
import gc
import heapq
import itertools
import warnings
from sys import getrefcount

from .._caller import is_engine_file, warn
from .._process import per_process
from .grad_mode import _state as _grad_mode

_sequence = itertools.count()

# The app's graph view (graph_export.Recorder) while it records a run; None otherwise, and then
# recording costs one test per op and per backward.
recorder = None

# Anomaly mode (autograd.anomaly_mode): while enabled, every node records the program's stack at
# its forward, and backward checks each node's gradients for nan.
anomaly = per_process("torch.autograd.set_detect_anomaly", {"enabled": False, "check_nan": True})
# the profilers recording (autograd.profiler.profile), innermost last: told when each op, autograd node
# and record_function range begins and ends
profilers = per_process("torch.autograd.profiler.profile", [])


def record_forward_stack(node):
    """Keep the program's frames at this op as PyTorch does (torch.fx.traceback.format_stack):
    the engine's own frames are left out, as PyTorch's ops are C++ and leave none."""
    import traceback
    frames = traceback.extract_stack()
    while frames and is_engine_file(frames[-1].filename):
        frames.pop()
    node._extra().metadata["traceback_"] = traceback.format_list(frames)


def _anomaly_warning(node):
    """PyTorch's warning when a node failed in backward under anomaly mode."""
    name = type(node).__name__
    stack = node._extras.metadata.get("traceback_") if node._extras is not None else None
    if stack is None:
        text = (f"Error detected in {name}. No forward pass information available. Enable detect "
                "anomaly during forward pass for more information. (Triggered internally at "
                "/__w/pytorch/pytorch/torch/csrc/autograd/python_anomaly_mode.cpp:100.)")
    else:
        text = (f"Error detected in {name}. Traceback of forward call that caused the error:\n"
                + "".join(stack) + " (Triggered internally at "
                "/__w/pytorch/pytorch/torch/csrc/autograd/python_anomaly_mode.cpp:122.)")
    warn(text)


def _hook_name(hook):
    return getattr(hook, "__name__", None) or repr(hook)


def checked_hook_values(hook, old, new):
    """A node hook's replacement gradients, checked as PyTorch checks them."""
    if not isinstance(new, (tuple, list)):
        raise TypeError(f"expected tuple, but hook returned '{type(new).__name__}'")
    if len(new) != len(old):
        raise RuntimeError(f"hook '{_hook_name(hook)}' has returned an incorrect number of values (got {len(new)}, "
                           f"but expected {len(old)})")
    for before, after in zip(old, new):
        if before is None and after is not None:
            raise RuntimeError("can't replace a None gradient with a non-None value")
    return list(new)


def checked_hook_value(hook, old, new):
    """A tensor hook's replacement gradient: same size and type, as PyTorch requires."""
    if new._shape != old._shape:
        raise RuntimeError(f"hook '{_hook_name(hook)}' has changed the size of value")
    if new.dtype is not old.dtype:
        raise RuntimeError(f"hook '{_hook_name(hook)}' has changed the type of value (was {old.type()} got "
                           f"{new.type()})")
    return new


def _check_nan(node, out_grads):
    for i, g in enumerate(out_grads):
        if g is not None and g.isnan().any().item():
            raise RuntimeError(f"Function '{type(node).__name__}' returned nan values in its {i}th output.")


# Each recorded op leaves about five objects the cycle collector tracks (tensor, storage, node,
# edges, saved values) where PyTorch leaves one. CPython before 3.14 starts a collection every
# 700 such allocations, which costs a long chain of ops a quarter of its time; the browser's
# Python (3.14, as in Pyodide) starts one every 2000. Use 2000 everywhere (never lower it).
if gc.get_threshold()[0] < 2000:
    gc.set_threshold(2000, *gc.get_threshold()[1:])

FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward."
)


class Node:
    """A backward function in the graph."""

    __slots__ = ("_next", "_next_nr", "_sequence_nr", "_input_meta", "_extras", "__weakref__")

    @property
    def next_functions(self):
        return tuple(zip(self._next, self._next_nr))

    @next_functions.setter
    def next_functions(self, edges):
        self._next = tuple(node for node, _ in edges)
        self._next_nr = shared_output_nrs(tuple(nr for _, nr in edges))

    def _extra(self):
        """The node's hooks and metadata, made on first use (most nodes never have any)."""
        if self._extras is None:
            self._extras = _NodeExtras()
        return self._extras

    @property
    def metadata(self):
        return self._extra().metadata

    def name(self):
        name = type(self).__name__
        # the node of ops PyTorch cannot differentiate is a hand-written C++ one: its name has the namespace
        return "torch::autograd::NotImplemented" if name == "NotImplemented" else name

    def __repr__(self):
        return f"<{type(self).__name__} object at {hex(id(self))}>"

    def register_hook(self, fn):
        hooks = self._extra().hooks
        hooks.append(fn)
        return _RemovableHandle(hooks, fn)

    def register_prehook(self, fn):
        hooks = self._extra().pre_hooks
        hooks.append(fn)
        return _RemovableHandle(hooks, fn)

    def __call__(self, *grads):
        return tuple(self.apply(list(grads)))

    def _free_saved(self):
        """Drop what this node saved for backward (it is being freed)."""

    def __del__(self):
        # Freeing a node frees the nodes only it points to (through next_functions and the
        # saved tensors' grad_fn), recursively: a long chain overflows the WebAssembly C
        # stack. Unlink the chain iteratively instead.
        self._free_saved()
        nodes = getattr(self, "_next", None)
        if nodes:
            self._next = ()
            _unlink(nodes)

    def _release(self):
        pass


class _NodeExtras:
    __slots__ = ("hooks", "pre_hooks", "metadata", "tensor_hooks")

    def __init__(self):
        self.hooks, self.pre_hooks, self.metadata = [], [], {}
        self.tensor_hooks = {}  # output nr -> the hooks of that output tensor (autograd.hooks)


class _RemovableHandle:
    """What register_hook returns (for PyTorch, a torch.utils.hooks.RemovableHandle)."""
    __module__, __qualname__ = "torch.utils.hooks", "RemovableHandle"

    def __init__(self, hooks, fn):
        self._hooks, self._fn = hooks, fn

    def remove(self):
        if self._fn in self._hooks:
            self._hooks.remove(self._fn)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


# ---- saved tensors: torch.autograd.graph.saved_tensors_hooks and its kin ---------------------

# The (pack, unpack) pairs of the saved_tensors_hooks in effect, innermost last (an op that saves
# tensors tests this list: empty, nothing else happens), and why hooks are disabled (None: they are not).
saved_hooks = per_process("torch.autograd.graph.saved_tensors_hooks", [])
saved_hooks_disabled = per_process("torch.autograd.graph.disable_saved_tensors_hooks", [None])


class _Packed:
    def __repr__(self):
        return "PACKED"


PACKED = _Packed()  # FormulaNode._versions: its saved tensors are SavedTensors, which check their own versions


class saved_tensors_hooks:  # noqa: N801  (PyTorch's name)
    """Context manager: every tensor an op saves for backward is passed to ``pack_hook``, and
    what it returns is kept instead; backward gets ``unpack_hook`` of that back."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self):
        if saved_hooks_disabled[0] is not None:
            raise RuntimeError(saved_hooks_disabled[0])
        saved_hooks.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc):
        saved_hooks.pop()


class save_on_cpu(saved_tensors_hooks):  # noqa: N801
    """Saved tensors are kept on the CPU (here, where every tensor already is) and brought back
    to their device in backward."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return tensor.device, tensor.cpu()

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)


class disable_saved_tensors_hooks:  # noqa: N801
    """Context manager (and decorator) in which saved_tensors_hooks raises ``error_message``."""

    def __init__(self, error_message):
        self.error_message = error_message

    def __enter__(self):
        if saved_hooks:
            raise RuntimeError(self.error_message)
        self.prev = saved_hooks_disabled[0]
        saved_hooks_disabled[0] = self.error_message

    def __exit__(self, *exc):
        saved_hooks_disabled[0] = self.prev

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with disable_saved_tensors_hooks(self.error_message):
                return fn(*args, **kwargs)
        return wrapper


mutation_contexts = per_process("torch.autograd.graph.allow_mutation_on_saved_tensors", [])  # (at most one)


class _AllowMutationOnSavedContext:
    """What allow_mutation_on_saved_tensors yields: the tensors saved under it, by storage, and the
    copies of those changed in place since."""

    def __init__(self):
        self.saved = {}     # id(storage) -> the holders of the tensors saved with that storage
        self.cloned = {}    # holder -> the tensor's values before the first in-place change

    def before_write(self, tensor):
        for holder in self.saved.get(id(tensor._storage), ()):
            if holder not in self.cloned:
                self.cloned[holder] = holder.tensor.detach().clone()

    def clear(self):
        self.saved.clear()
        self.cloned.clear()


class _MutationHolder:
    __slots__ = ("tensor", "__weakref__")

    def __init__(self, tensor):
        self.tensor = tensor


class allow_mutation_on_saved_tensors:  # noqa: N801
    """Context manager under which a tensor saved for backward may be changed in place: it is
    copied before the first change, and backward uses the copy."""

    def __enter__(self):
        if mutation_contexts:
            raise RuntimeError("allow_mutation_on_saved_tensors contexts cannot be nested")
        ctx = _AllowMutationOnSavedContext()

        def pack_hook(tensor):
            holder = _MutationHolder(tensor)
            ctx.saved.setdefault(id(tensor._storage), []).append(holder)
            return holder

        def unpack_hook(holder):
            if not mutation_contexts or mutation_contexts[0] is not ctx:
                raise AssertionError("Trying to backward outside of the 'allow_mutation_on_saved_tensors' context"
                                     "in which the graph was originally recorded.")
            return ctx.cloned.get(holder, holder.tensor)

        self.hooks = saved_tensors_hooks(pack_hook, unpack_hook)
        self.hooks.__enter__()
        mutation_contexts.append(ctx)
        self.ctx = ctx
        return ctx

    def __exit__(self, *exc):
        self.ctx.clear()
        mutation_contexts.clear()
        self.hooks.__exit__(*exc)


class AccumulateGrad(Node):
    """The sink for a leaf tensor: adds the incoming gradient into ``variable.grad``."""

    __slots__ = ("variable",)

    def name(self):
        return "torch::autograd::AccumulateGrad"

    def __init__(self, variable):
        self.variable = variable
        self._next = self._next_nr = ()
        self._sequence_nr = 2 ** 63 - 1  # PyTorch gives accumulators the highest priority
        self._input_meta = ((variable._shape, variable.dtype),)
        self._extras = None

    def apply(self, grads):
        grad = grads[0]
        if grad is None:
            return []
        var = self.variable
        for hook in var._hooks or ():
            result = hook(grad)
            if result is not None:
                grad = checked_hook_value(hook, grad, result)
        if var._grad is None:  # (._grad: the engine's own gradient needs none of the .grad setter's checks)
            if _grad_mode["enabled"]:  # create_graph: .grad keeps a history, as a copy
                var._grad = grad.new_empty(grad._shape).copy_(grad)
            else:  # an expanded gradient (stride 0) is copied, as PyTorch's layout contract does
                var._grad = grad.detach() if grad.is_contiguous() else grad.contiguous()
        elif _grad_mode["enabled"]:
            var._grad = var._grad + grad  # create_graph: keep the sum differentiable
        else:
            var._grad.add_(grad)
        for hook in var._post_accumulate_hooks or ():
            hook(var)
        return []


def _unlink(nodes):
    """Empty the edges of every node reachable only through ``nodes`` (a ``_next`` tuple),
    so that each one is freed on its own, without recursion."""
    stack = [nodes]
    while stack:
        for node in stack.pop():
            if node is not None and getrefcount(node) <= _SOLE_OWNER:
                node._free_saved()
                if node._next:
                    stack.append(node._next)
                    node._next = ()


def _sole_owner_refcount():
    """What getrefcount reports, inside _unlink's loop, for a node held by nothing but its
    ``_next`` tuple (it differs between CPython versions)."""
    class Probe:
        __slots__ = ("_next",)
    probe = Probe()
    nodes = (probe,)
    del probe
    for node in nodes:
        return getrefcount(node)


_SOLE_OWNER = _sole_owner_refcount()

_shared_nrs = {}


def shared_output_nrs(nrs):
    """One tuple object for each short ``_next_nr`` value: nearly all are (0,) or (0, 0)."""
    if len(nrs) > 4:
        return nrs
    return _shared_nrs.setdefault(nrs, nrs)


class GradientEdge(tuple):
    """An edge of the graph: a node and which of its inputs (PyTorch's named tuple)."""
    __slots__ = ()
    _fields = ("node", "output_nr", "ownership_token")

    def __new__(cls, node, output_nr, ownership_token=None):
        return tuple.__new__(cls, (node, output_nr, ownership_token))

    node = property(lambda self: self[0])
    output_nr = property(lambda self: self[1])
    ownership_token = property(lambda self: self[2])

    def __repr__(self):
        return f"GradientEdge(node={self[0]!r}, output_nr={self[1]!r}, ownership_token={self[2]!r})"


def get_gradient_edge(tensor):
    """The edge through which gradient flows into ``tensor``: usable as an input or output of
    autograd.grad even after ``tensor`` has been changed in place."""
    if not tensor._requires_grad:
        raise RuntimeError("It is not possible to get the gradient edge for a Tensor that does not require gradients")
    return GradientEdge(*gradient_edge(tensor))


def increment_version(tensor):
    """Bump the version counter of ``tensor`` (or of each tensor of an iterable), as an in-place
    change that autograd did not see would."""
    for t in tensor if isinstance(tensor, (list, tuple)) else (tensor,):
        t._storage.version += 1


def _edge(x):
    return x[:2] if x.__class__ is GradientEdge else gradient_edge(x)


def gradient_edge(tensor):
    """The (node, output_nr) pair through which gradient flows into ``tensor``."""
    if tensor.grad_fn is not None:
        return (tensor.grad_fn, tensor._output_nr)
    if tensor._requires_grad:
        return (tensor._grad_accumulator(), 0)
    return (None, 0)


# ---- torch.autograd.backward() and grad(): the engine's entry points -------------------------

def _as_tuple(x):
    if x is None:
        return None
    return tuple(x) if isinstance(x, (list, tuple)) and x.__class__ is not GradientEdge else (x,)


def _make_grads(outputs, grad_outputs):
    grads = []
    for out, g in zip(outputs, grad_outputs):
        if g is None:
            if out._requires_grad:
                if out.numel() != 1:
                    if recorder is not None:  # the graph view draws the refusal at the root
                        recorder.backward_refused(gradient_edge(out))
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if out.dtype.kind != "f":
                    raise RuntimeError("grad can be implicitly created only for real scalar outputs "
                                       f"but got {out.dtype}")
                g = out.new_ones(out._shape)
        elif not hasattr(g, "_shape"):
            g = out.new_full(out._shape, g)
        elif g._shape != out._shape:
            raise RuntimeError(
                f"Mismatch in shape: grad_output[{len(grads)}] has a shape of {g.shape} and "
                f"output[{len(grads)}] has a shape of {out.shape}.")
        grads.append(g)
    return grads


def _check_requires_grad(outputs):
    for i, out in enumerate(outputs):
        if not out._requires_grad:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a "
                               "grad_fn")


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None,
             inputs=None):
    tensors = _as_tuple(tensors)
    grad_tensors = _as_tuple(grad_tensors) or (None,) * len(tensors)
    inputs = _as_tuple(inputs)
    if inputs is not None and len(inputs) == 0:
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    _check_requires_grad(tensors)
    grads = _make_grads(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    if create_graph and inputs is None:
        warnings.warn(
            "Using backward() with create_graph=True will create a reference cycle between the "
            "parameter and its gradient which can cause a memory leak. We recommend using "
            "autograd.grad when creating the graph to avoid this. If you have to use this function, "
            "make sure to reset the .grad fields of your parameters to None after use to break the "
            "cycle and avoid the leak. (Triggered internally at "
            "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)", UserWarning, stacklevel=3)
    run_backward(tensors, grads, retain_graph, create_graph, inputs=inputs, accumulate=True)


BATCHED_GRAD = [None]  # torch._functorch.eager_transforms.batched_grad (the package root installs it)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    outputs = _as_tuple(outputs)
    inputs = _as_tuple(inputs)
    if any(o.__class__ is GradientEdge for o in outputs + inputs):
        return _grad_of_edges(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused)
    grad_outputs = _as_tuple(grad_outputs) or (None,) * len(outputs)
    if allow_unused is None:
        allow_unused = materialize_grads
    if is_grads_batched:  # dim 0 of each grad_output is a batch: torch.func's vmap runs the backward batched
        return BATCHED_GRAD[0](outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused,
                               materialize_grads)
    for i, t in enumerate(inputs):
        if not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    _check_requires_grad(outputs)
    grads = _make_grads(outputs, grad_outputs)
    if retain_graph is None:
        retain_graph = create_graph
    results = run_backward(outputs, grads, retain_graph, create_graph, inputs=inputs, accumulate=False)
    for i, r in enumerate(results):
        if r is None:
            if materialize_grads:
                results[i] = inputs[i].new_zeros(inputs[i]._shape)
            elif not allow_unused:
                raise RuntimeError(f"The differentiated Tensor at index {i} appears to not have been "
                                   "used in the graph. Set allow_unused=True if this is the desired "
                                   "behavior.")
    return tuple(results)


def _grad_of_edges(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused):
    """autograd.grad where some outputs or inputs are GradientEdges (get_gradient_edge)."""
    grad_outputs = _as_tuple(grad_outputs) or (None,) * len(outputs)
    tensors = [(o, g) for o, g in zip(outputs, grad_outputs) if o.__class__ is not GradientEdge]
    grads = list(grad_outputs)
    made = iter(_make_grads([o for o, _ in tensors], [g for _, g in tensors]))
    for i, o in enumerate(outputs):
        if o.__class__ is not GradientEdge:
            grads[i] = next(made)
        elif grads[i] is None:
            raise RuntimeError("grad_outputs must be provided for GradientEdge outputs")
    results = run_backward(outputs, grads, create_graph if retain_graph is None else retain_graph, create_graph,
                           inputs=inputs, accumulate=False)
    for i, r in enumerate(results):
        if r is None and not allow_unused:
            raise RuntimeError(f"The differentiated Tensor at index {i} appears to not have been used in the graph. "
                               "Set allow_unused=True if this is the desired behavior.")
    return tuple(results)


def run_backward(roots, grad_roots, retain_graph, create_graph, inputs=None, accumulate=True, dry_run=False):
    """Run the graph from ``roots`` (tensors) seeded with ``grad_roots``.

    With ``accumulate`` (Tensor.backward) gradients land in leaves' ``.grad``; otherwise
    (autograd.grad) the gradients flowing into ``inputs`` are returned instead. Nodes run
    in PyTorch's order (highest sequence number first among the ready ones), iteratively,
    so graphs of any depth work. A ``dry_run`` (the graph view's stepper on a graph nobody ran
    backward on) runs no hooks, so nothing of the learner's changes.
    """
    root_edges = [_edge(r) for r in roots]
    tracer = recorder
    if tracer is not None:
        tracer.begin_backward(root_edges, grad_roots)
    dependencies = _count_dependencies([e[0] for e in root_edges if e[0] is not None])

    # Where the gradients of ``inputs`` are captured: (node id, input nr) -> input positions.
    captures = {}
    needed = None
    if inputs is not None:
        for i, t in enumerate(inputs):
            node, nr = _edge(t)
            if node is not None:
                captures.setdefault((id(node), nr), []).append(i)
        # Run only nodes that lead to an input, so nothing else accumulates.
        needed = _nodes_leading_to(root_edges, set(k for k, _ in captures))
    results = [None] * (len(inputs) if inputs is not None else 0)

    buffers = {}  # input gradients of the nodes still waiting for some: node -> list
    ready = []    # heap of (-sequence_nr, node id, node, its input gradients)
    for (node, nr), g in zip(root_edges, grad_roots):
        if node is None:
            continue
        buf = buffers.get(node)
        if buf is None:
            buf = buffers[node] = [None] * len(node._input_meta)
            if not dependencies.get(node):
                heapq.heappush(ready, (-node._sequence_nr, id(node), node, buf))
        _accumulate(buf, nr, g)

    prev_enabled = _grad_mode["enabled"]
    _grad_mode["enabled"] = create_graph
    graph_tasks.append((next(_task_ids), dependencies, needed))
    dispatch_disabled["all"] += 1
    heappop, heappush = heapq.heappop, heapq.heappush
    # The node to run next when it is the only one ready (a chain), bypassing the heap.
    node = grads = None
    selective = bool(captures) or needed is not None  # autograd.grad / inputs=: not every node runs
    try:
        while True:
            if node is None:
                if not ready:
                    break
                _, key, node, grads = heappop(ready)
            elif selective:
                key = id(node)
            if selective:
                for nr, g in enumerate(grads):
                    for i in captures.get((key, nr), ()):
                        results[i] = g
            if selective and needed is not None and (
                    key not in needed or (not accumulate and type(node) is AccumulateGrad)):
                out_grads = ()
                if tracer is not None:
                    tracer.before_step(node, grads).append(out_grads)
            else:
                extras = node._extras
                if dry_run:
                    extras = None
                before_hooks = grads
                if extras is not None:
                    for hook in extras.pre_hooks:
                        r = hook(tuple(grads))
                        if r is not None:
                            grads = checked_hook_values(hook, grads, r)
                if tracer is not None:
                    step = tracer.before_step(node, grads, before_hooks if before_hooks is not grads else None)
                if anomaly["enabled"]:
                    try:
                        out_grads = node.apply(grads)
                        if anomaly["check_nan"]:
                            if tracer is not None:  # the graph view shows the NaN the check is about to report
                                tracer.sent(step, node, out_grads)
                            _check_nan(node, out_grads)
                    except Exception:
                        _anomaly_warning(node)
                        raise
                elif profilers:
                    out_grads = _profiled_apply(node, grads)
                else:
                    out_grads = node.apply(grads)
                if extras is not None and extras.hooks:
                    # as PyTorch, post hooks see the gradients already summed to their inputs' shapes
                    out_grads = [g if g is None or nxt is None or (g._shape, g.dtype) == nxt._input_meta[nr]
                                 else _conform(g, *nxt._input_meta[nr])
                                 for g, nxt, nr in zip(out_grads, node._next, node._next_nr)]
                    for hook in extras.hooks:
                        r = hook(tuple(out_grads), tuple(grads))
                        if r is not None:
                            out_grads = checked_hook_values(hook, out_grads, r)
                if tracer is not None:
                    tracer.sent(step, node, out_grads)
                if not retain_graph:
                    node._release()
            follow = follow_grads = None
            for nxt, nr, g in zip(node._next, node._next_nr, out_grads or [None] * len(node._next)):
                if nxt is None:
                    continue
                meta = nxt._input_meta
                if g is not None:
                    shape, dtype = meta[nr]
                    if g._shape != shape or g.dtype is not dtype:
                        g = _conform(g, shape, dtype)
                left = dependencies[nxt] - 1
                if left:  # more gradients to come: wait in the buffers
                    dependencies[nxt] = left
                    buf = buffers.get(nxt)
                    if buf is None:
                        buf = buffers[nxt] = [None] * len(meta)
                    if g is not None:
                        _accumulate(buf, nr, g)
                    continue
                buf = buffers.pop(nxt, None)
                if buf is None:  # its only gradient (a chain)
                    if len(meta) == 1:
                        buf = [g]
                    else:
                        buf = [None] * len(meta)
                        buf[nr] = g
                elif g is not None:
                    _accumulate(buf, nr, g)
                if follow is None and not ready:
                    follow, follow_grads = nxt, buf
                else:
                    if follow is not None:
                        heappush(ready, (-follow._sequence_nr, id(follow), follow, follow_grads))
                        follow = None
                    heappush(ready, (-nxt._sequence_nr, id(nxt), nxt, buf))
            node, grads = follow, follow_grads
    except Exception as error:
        if tracer is not None:  # the graph view draws the error at the node that raised it
            tracer.backward_failed(error)
        raise
    finally:
        _grad_mode["enabled"] = prev_enabled
        graph_tasks.pop()
        dispatch_disabled["all"] -= 1
    return results


def _accumulate(buf, nr, grad):
    """Add ``grad`` into an input buffer's slot ``nr``, as PyTorch's InputBuffer::accumulate does: in
    place when nothing but the buffer holds the gradient there and grad mode is off (the tensor
    says whether it can be changed in place: Tensor._accumulate_), else as a new sum."""
    if buf[nr] is None:
        buf[nr] = grad
    elif getrefcount(buf[nr]) != _ONLY_IN_LIST or _grad_mode["enabled"] or not buf[nr]._accumulate_(grad):
        buf[nr] = buf[nr] + grad


# What getrefcount(items[i]) reports for what nothing but that list holds (it differs between
# CPython versions): measured on the same expression
_ONLY_IN_LIST = (lambda items, i: getrefcount(items[i]))([object()], 0)


# __torch_function__ dispatch's switches (_torch_function binds its own here): off during backward
dispatch_disabled = {"all": 0}


def _profiled_apply(node, grads):
    """node.apply as PyTorch's profiler shows it: an engine event around the node's own."""
    names = (f"autograd::engine::evaluate_function: {node.name()}", node.name())
    for profiler in profilers:
        for name in names:
            profiler.begin(name)
    try:
        return node.apply(grads)
    finally:
        for profiler in profilers:
            for name in reversed(names):
                profiler.end(name)

graph_tasks = []  # the backward runs under way, innermost last: (id, reachable nodes, ids of the needed ones or None)
_task_ids = itertools.count()


def current_graph_task_id():
    return graph_tasks[-1][0] if graph_tasks else -1


def will_engine_execute_node(node):
    """Whether the backward run under way runs ``node`` (a Node, or a tensor's gradient edge)."""
    if not graph_tasks:
        raise RuntimeError("_will_engine_execute_node should only be called during the backward pass")
    _, reachable, needed = graph_tasks[-1]
    return node in reachable and (needed is None or id(node) in needed)


class _MultiHandle:
    """The handle register_multi_grad_hook returns: removes the hook from every tensor."""
    __module__ = "torch.autograd.graph"

    def __init__(self, handles):
        self.handles = handles

    def remove(self):
        for handle in self.handles:
            handle.remove()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def register_multi_grad_hook(tensors, fn, *, mode="all"):
    """Call ``fn`` once per backward: with mode "all", with the gradients of every tensor in
    ``tensors`` (None for those this backward does not reach) once all are computed; with "any",
    with the first one computed."""
    supported_modes = ("all", "any")
    if mode not in supported_modes:
        raise ValueError(f"Expects mode to be one of {supported_modes} but got {mode}")
    tensors = tuple(tensors)
    if mode == "all":
        counts, buffers = {}, {}
        edges = [gradient_edge(t)[0] for t in tensors]

        def inner_hook(idx):
            def hook(grad):
                task = current_graph_task_id()
                if task not in counts:
                    counts[task] = [0, sum(e is not None and will_engine_execute_node(e) for e in edges)]
                    buffers[task] = [None] * len(tensors)
                buffers[task][idx] = grad
                counts[task][0] += 1
                if counts[task][0] == counts[task][1]:
                    grads = buffers.pop(task)
                    del counts[task]
                    fn(grads)
            return hook

        handles = tuple(t.register_hook(inner_hook(i)) for i, t in enumerate(tensors))
    else:
        ran = set()

        def once(grad):
            task = current_graph_task_id()
            if task not in ran:
                ran.add(task)
                fn(grad)

        handles = tuple(t.register_hook(once) for t in tensors if t._requires_grad)
    return _MultiHandle(handles)


def _count_dependencies(start):
    """For every node reachable from ``start``: how many edges lead into it (0 for the
    start nodes no edge leads into). Keyed by the nodes themselves (they hash by identity)."""
    dependencies = dict.fromkeys(start, 0)
    stack = list(dependencies)
    pop, push, counted = stack.pop, stack.append, dependencies.get
    while stack:
        for nxt in pop()._next:
            if nxt is None:
                continue
            count = counted(nxt)
            if count is None:  # first seen: walk on from it
                dependencies[nxt] = 1
                push(nxt)
            else:
                dependencies[nxt] = count + 1
    return dependencies


def _conform(grad, shape, dtype):
    """Sum a broadcast gradient back to the shape the input had, in its dtype
    (PyTorch's validate_outputs)."""
    if grad._shape != shape:
        grad = grad.sum_to_size(shape) if shape else grad.sum()
    if grad.dtype is not dtype:
        grad = grad.to(dtype)
    return grad


def _nodes_leading_to(root_edges, targets):
    """Ids of the nodes from which some target node is reachable (targets included)."""
    parents = {}
    seen = set()
    stack = [e[0] for e in root_edges if e[0] is not None]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for nxt in node._next:
            if nxt is not None:
                parents.setdefault(id(nxt), []).append(id(node))
                stack.append(nxt)
    result = set()
    stack = list(targets)
    while stack:
        key = stack.pop()
        if key in result:
            continue
        result.add(key)
        stack.extend(parents.get(key, ()))
    return result
