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
from sys import getrefcount

from .grad_mode import _state as _grad_mode

_sequence = itertools.count()

# The app's graph view (graph_export.Recorder) while it records a run; None otherwise, and then
# recording costs one test per op and per backward.
recorder = None

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
        return type(self).__name__

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
    def __init__(self, hooks, fn):
        self._hooks, self._fn = hooks, fn

    def remove(self):
        if self._fn in self._hooks:
            self._hooks.remove(self._fn)


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
                grad = result
        if var._grad is None:
            if _grad_mode["enabled"]:  # create_graph: .grad keeps a history, as a copy
                from .. import empty_like
                var.grad = empty_like(grad).copy_(grad)
            else:
                var.grad = grad.detach()
        elif _grad_mode["enabled"]:
            var.grad = var._grad + grad  # create_graph: keep the sum differentiable
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


def gradient_edge(tensor):
    """The (node, output_nr) pair through which gradient flows into ``tensor``."""
    if tensor.grad_fn is not None:
        return (tensor.grad_fn, tensor._output_nr)
    if tensor.requires_grad:
        return (tensor._grad_accumulator(), 0)
    return (None, 0)


def run_backward(roots, grad_roots, retain_graph, create_graph, inputs=None, allow_unused=False,
                 accumulate=True, dry_run=False):
    """Run the graph from ``roots`` (tensors) seeded with ``grad_roots``.

    With ``accumulate`` (Tensor.backward) gradients land in leaves' ``.grad``; otherwise
    (autograd.grad) the gradients flowing into ``inputs`` are returned instead. Nodes run
    in PyTorch's order (highest sequence number first among the ready ones), iteratively,
    so graphs of any depth work. A ``dry_run`` (the graph view's stepper on a graph nobody ran
    backward on) runs no hooks, so nothing of the learner's changes.
    """
    root_edges = [gradient_edge(r) for r in roots]
    tracer = recorder
    if tracer is not None:
        tracer.begin_backward(root_edges, grad_roots)
    dependencies = _count_dependencies([e[0] for e in root_edges if e[0] is not None])

    # Where the gradients of ``inputs`` are captured: (node id, input nr) -> input positions.
    captures = {}
    needed = None
    if inputs is not None:
        for i, t in enumerate(inputs):
            node, nr = gradient_edge(t)
            if node is not None:
                captures.setdefault((id(node), nr), []).append(i)
        # Run only nodes that lead to an input, so nothing else accumulates.
        needed = _nodes_leading_to(root_edges, set(k for k, _ in captures))
    results = [None] * (len(inputs) if inputs is not None else 0)

    buffers = {}  # input gradients of the nodes still waiting for some: node id -> list
    ready = []    # heap of (-sequence_nr, node id, node, its input gradients)
    for (node, nr), g in zip(root_edges, grad_roots):
        if node is None:
            continue
        buf = buffers.get(id(node))
        if buf is None:
            buf = buffers[id(node)] = [None] * len(node._input_meta)
            if not dependencies.get(id(node)):
                heapq.heappush(ready, (-node._sequence_nr, id(node), node, buf))
        buf[nr] = g if buf[nr] is None else buf[nr] + g

    prev_enabled = _grad_mode["enabled"]
    _grad_mode["enabled"] = create_graph
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
                extras = None if dry_run else node._extras
                if extras is not None:
                    for hook in extras.pre_hooks:
                        r = hook(tuple(grads))
                        if r is not None:
                            grads = list(r)
                if tracer is not None:
                    step = tracer.before_step(node, grads)
                out_grads = node.apply(grads)
                if extras is not None:
                    for hook in extras.hooks:
                        r = hook(tuple(out_grads), tuple(grads))
                        if r is not None:
                            out_grads = list(r)
                if tracer is not None:
                    step.append(list(out_grads))
                if not retain_graph:
                    node._release()
            follow = follow_grads = None
            for nxt, nr, g in zip(node._next, node._next_nr, out_grads or [None] * len(node._next)):
                if nxt is None:
                    continue
                nkey = id(nxt)
                meta = nxt._input_meta
                if g is not None:
                    shape, dtype = meta[nr]
                    if g._shape != shape or g.dtype is not dtype:
                        g = _conform(g, shape, dtype)
                left = dependencies[nkey] - 1
                if left:  # more gradients to come: wait in the buffers
                    dependencies[nkey] = left
                    buf = buffers.get(nkey)
                    if buf is None:
                        buf = buffers[nkey] = [None] * len(meta)
                    if g is not None:
                        buf[nr] = g if buf[nr] is None else buf[nr] + g
                    continue
                buf = buffers.pop(nkey, None)
                if buf is None:  # its only gradient (a chain)
                    buf = [None] * len(meta)
                    buf[nr] = g
                elif g is not None:
                    buf[nr] = g if buf[nr] is None else buf[nr] + g
                if follow is None and not ready:
                    follow, follow_grads = nxt, buf
                else:
                    if follow is not None:
                        heappush(ready, (-follow._sequence_nr, id(follow), follow, follow_grads))
                        follow = None
                    heappush(ready, (-nxt._sequence_nr, nkey, nxt, buf))
            node, grads = follow, follow_grads
    finally:
        _grad_mode["enabled"] = prev_enabled
    return results


def _count_dependencies(start):
    """For every node reachable from ``start``: how many edges lead into it (0 for the
    start nodes no edge leads into)."""
    by_id = {id(node): node for node in start}
    dependencies = dict.fromkeys(by_id, 0)
    stack = list(by_id.values())
    while stack:
        for nxt in stack.pop()._next:
            if nxt is None:
                continue
            key = id(nxt)
            count = dependencies.get(key)
            if count is None:  # first seen: walk on from it
                dependencies[key] = 1
                stack.append(nxt)
            else:
                dependencies[key] = count + 1
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
