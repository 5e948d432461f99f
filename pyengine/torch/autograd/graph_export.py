"""What the app's graph view needs: the graph behind tensors as plain JSON-ready data, and a
Recorder that notes, while a program runs, how each node was made and how backward visited it.

Nothing here changes a tensor or its version counter: values are read with ``tolist()``, saved
values through the node's own ``_saved_*`` names, and a recorded op is replayed on float64 copies.
The Recorder is installed only for runs whose graph panel is open (``graph.recorder``); otherwise
the engine pays one ``is None`` test per recorded op and per backward call.
"""
import collections
import weakref

from .. import _caller, _tensor
from . import graph as _graph
from .graph import AccumulateGrad

MAX_SHOWN_ELEMENTS = 16  # larger tensors are described by shape only
MAX_STEPS = 20000  # backward steps a Recorder keeps per backward call
MAX_DUAL_TENSORS = 2000  # tensors given a tangent (forward AD) a Recorder keeps per run
STEP_FIELDS = 5  # a step record's fields before the gradients sent (see Recorder.before_step)
KEPT_BACKWARD_CALLS = 4  # the last ones (a training loop's earlier steps are gone from the namespace)
# torch.func transforms' own backward passes, kept apart: every one until those kept hold this many
# steps or gradient elements (a kept pass holds its graph and each step's gradients; measured by
# bench/bench_graph.py: about 4 kB a step and 13 bytes an element, so each bound is about 40 MB)
KEPT_TRANSFORM_STEPS = 10000
KEPT_TRANSFORM_ELEMENTS = 3_000_000


def describe(value):
    """A tensor (or any saved value) as the view shows it: shape, dtype, a short value, and a dual
    tensor's tangent (forward AD) with the level it belongs to, as ``unpack_dual`` gives it."""
    if not isinstance(value, _tensor.Tensor):
        return {"repr": repr(value)}
    info = {"shape": list(value._shape), "dtype": str(value.dtype), "requires_grad": bool(value._requires_grad)}
    if value.numel() <= MAX_SHOWN_ELEMENTS:
        info["value"] = value.detach().tolist()
    if value._fw_grads:  # its tangent at the innermost level it has one
        level = max(value._fw_grads)
        tangent = value._fw_grads[level]
        info["tangent"] = {**describe(tangent), "repr": repr(tangent), "level": level}
    return info


def _saved_values(node):
    """The node's saved values by PyTorch's attribute names (``_saved_self`` ...), or
    ``{"freed": True}`` once backward has freed them."""
    derivative = getattr(node, "_derivative", None)
    if derivative is not None:
        saved = node._saved
        if saved is None:
            return {"freed": True}
        return {"_saved_" + slot: _describe_saved(_visible(value), slot in derivative.inputs)
                for slot, value in zip(derivative.slots, saved) if _visible(value) is not None}
    if hasattr(node, "_to_save"):  # a custom Function: ctx.saved_tensors
        if node._released:
            return {"freed": True}
        return {f"saved_tensors[{i}]": describe(_visible(t)) for i, t in enumerate(node._to_save)
                if _visible(t) is not None}
    return {}


def _visible(value):
    """A saved value as the graph view may show it: a SavedTensor's tensor unless hooks packed it
    (unpacking would call the program's unpack hook), in which case nothing."""
    if value.__class__.__name__ == "SavedTensor":
        return value._value
    if value.__class__.__name__ in ("_PackedOutputs", "_AuxOutput"):  # outputs of which hooks packed some; outputs not made
        return None
    return value


def _describe_saved(value, tensor_input):
    """A saved value as PyTorch shows it: a Python number given for a tensor input (``x * 3``)
    is saved by PyTorch as a wrapped 0-dim tensor (int64, float64 or bool): ``tensor(3)``."""
    if tensor_input and isinstance(value, (bool, int, float)):
        from .._dtype import float64
        from .._ops.creation import tensor
        wrapped = tensor(value, dtype=float64) if isinstance(value, float) else tensor(value)
        return {**describe(wrapped), "repr": repr(wrapped)}
    return describe(value)


def slot_inputs(node):
    """For each edge slot of ``node``, the name of the forward input it belongs to: PyTorch's
    argument names (``self``, ``other``, ``tensors``) for a formula node, the argument's position
    for a custom Function's (``input 0``), None where unknown."""
    derivative = getattr(node, "_derivative", None)
    if derivative is None:
        if hasattr(node, "_to_save"):
            return [f"input {k}" for k in range(len(node._next))]
        return [None] * len(node._next)
    spans = getattr(node, "_spans", None) or (1,) * len(derivative.inputs)
    key = (derivative, tuple(spans), len(node._next))  # one op's nodes share them (a loop's thousands)
    names = _slot_inputs.get(key)
    if names is None:
        names = []
        for name, span in zip(derivative.inputs, spans):
            names.extend([name] * span)
        names = _slot_inputs[key] = names + [None] * (len(node._next) - len(names))
    return names


_slot_inputs = {}  # (derivative, spans, edges) -> slot_inputs' answer


def walk(roots):
    """The graph behind the nodes ``roots`` in the order a depth-first walk of ``next_functions``
    first meets each node (the first edge first): ``(order, edges)``. ``order`` holds the nodes,
    and ``(owner node, slot)`` for each constant input (a ``(None, 0)`` edge); ``edges`` are
    ``(from, to, slot, input_nr)`` as positions in ``order``."""
    ids, order, edges, stack = {}, [], [], []

    def visit(node):
        if id(node) not in ids:
            ids[id(node)] = len(order)
            order.append(node)
            stack.append((node, iter(enumerate(zip(node._next, node._next_nr)))))
        return ids[id(node)]

    for root in roots:
        visit(root)
        while stack:  # iteratively: graphs can be thousands of nodes deep
            node, pending = stack[-1]
            step = next(pending, None)
            if step is None:
                stack.pop()
                continue
            slot, (nxt, nr) = step
            if nxt is None:
                order.append((node, slot))
                edges.append((ids[id(node)], len(order) - 1, slot, 0))
            else:
                edges.append((ids[id(node)], visit(nxt), slot, nr))
    return order, edges


def export_graph(*tensors, names=None, recorder=None, roots=None, details=True, walked=None):
    """The graph that produced ``tensors``: ``{"nodes": [...], "edges": [...], "roots": [...]}``,
    nodes numbered as ``walk`` meets them, constant inputs as nodes of kind "constant".

    ``names`` maps objects' ids to variable names (tensors; for a node's output,
    ``(id(node), output_nr)``). With a ``recorder``, each node also says which module's forward
    made it (``scope``, when a module's did), the value it computed and the program line that made it (``where``:
    [file name, line]), and each constant what it was. ``roots`` (nodes) replace ``tensors``;
    ``walked``, ``walk(roots)`` when the caller has it. Without ``details`` a node carries only
    what drawing and folding it needs (see ``node_entry``): the rest is asked for one node at a time.
    """
    names = names or {}
    if roots is None:
        roots = [node for node, _ in map(_graph.gradient_edge, tensors) if node is not None]
    order, edges = walked or walk(roots)
    inputs = {}  # id(node) -> its slots' input names
    return {"roots": [order.index(root) for root in roots],
            "nodes": [node_entry(number, node, names, recorder, details) for number, node in enumerate(order)],
            "edges": [{"from": a, "to": b, "slot": slot, "input_nr": nr,
                       "input": (inputs.get(id(order[a])) or inputs.setdefault(id(order[a]), slot_inputs(order[a])))[slot]}
                      for a, b, slot, nr in edges]}


def node_entry(number, node, names, recorder=None, details=True):
    """One node of ``walk``'s order as export_graph gives it. Without ``details``: its name, kind,
    label, module scope, line and order, a constant's value and a tangent (forward mode), which
    the drawing shows; with them also its output's or leaf's value, its saved values and .grad
    (a 6,000-node graph's values are most of its export's time and size)."""
    if isinstance(node, tuple):
        owner, slot = node
        entry = {"id": number, "name": "constant", "kind": "constant", "input": slot_inputs(owner)[slot]}
        made = recorder.made.get(owner) if recorder else None
        if made is not None and made.constant(slot) is not None:
            entry["tensor"] = describe(made.constant(slot))
    elif isinstance(node, AccumulateGrad):
        var = node.variable
        entry = {"id": number, "name": type(node).__name__, "kind": "leaf"}
        label = names.get(id(var))
        if label is not None:
            entry["label"] = label
        if details or var._fw_grads:
            entry["tensor"] = describe(var)
        if details and var._grad is not None:
            entry["grad"] = describe(var._grad)
    else:
        entry = {"id": number, "name": type(node).__name__, "kind": "function"}
        label = names.get((id(node), 0))
        if label is not None:
            entry["label"] = label
        if details:
            entry["saved"] = _saved_values(node)
        made = recorder.made.get(node) if recorder else None
        if made is not None:
            if made.scope:
                entry["scope"] = recorder.scope_names(made.scope)
            if details or "tangent" in made.output:
                entry["tensor"] = made.output
            entry["where"] = made.where
            if made.made_in is not None:
                entry["made_in"] = made.made_in
        elif details:
            shape, dtype = node._input_meta[0]
            entry["tensor"] = {"shape": list(shape), "dtype": str(dtype)}
    return entry


def export_tangents(recorder, names=None):
    """The dual tensors of a recorded run, in the order they got their tangents: each one's
    description (with ``tangent``: value, ``repr`` and ``level``), its variable name if it has one,
    its ``number`` in that order, the ``op`` whose forward-mode formula computed its tangent
    (``make_dual`` for a program's input, None where not known: in place, a custom Function) and
    the numbers of the dual tensors it was computed from (``sources``),
    ``made_in`` (Recorder.made_in: a torch.func transform's jvp, when one ran it) and then ``call``:
    the how-manieth call of that program line's torch.func call it was (from 1)."""
    names = names or {}
    entries = []
    for ref, described, made in recorder.dual_tensors:
        tensor = ref()
        entries.append({"label": names.get(id(tensor)) if tensor is not None else None, "tensor": described, **made})
    return entries


class Made:
    """How one node was made: the op's forward (``call``), its arguments, a description of its
    (first) output at that time, and the stack of modules whose forward was running."""

    __slots__ = ("call", "args", "kwargs", "output", "scope", "arg_slots", "where", "made_in")

    def __init__(self, call, args, kwargs, outputs, scope, arg_slots):
        self.call, self.args, self.kwargs, self.scope = call, args, kwargs, scope
        self.where = list(_caller.program_line())
        self.made_in = None  # what was running besides the program (Recorder.made_in)
        first = outputs if isinstance(outputs, _tensor.Tensor) else next(o for o in outputs if isinstance(o, _tensor.Tensor))
        self.output = describe(first)  # a snapshot: holding the output would keep its node alive
        self.arg_slots = arg_slots  # per argument: the edge slot (or range of slots) it feeds, or None

    def constant(self, slot):
        """The argument behind edge ``slot`` when that edge is ``(None, 0)``."""
        for arg, slots in zip(self.args, self.arg_slots):
            if slots == slot:
                return arg
            if isinstance(slots, range) and slot in slots:
                return arg[slot - slots.start]
        return None


class Recorder:
    """Notes, while installed, each recorded op (``made``: node -> Made) and each backward
    call (``backward_calls``: [{"roots": [(node, nr)], "seeds": [gradients], "steps": [record]}],
    a record as ``before_step`` describes it; the last KEPT_BACKWARD_CALLS of the program's own,
    and in ``transform_calls`` those torch.func transforms ran, each one until those kept hold
    KEPT_TRANSFORM_STEPS steps or KEPT_TRANSFORM_ELEMENTS gradient elements; ``calls()``: both, in
    the order they ran)."""

    def __init__(self):
        # weak: the entry of a node the program dropped goes with it (a training loop's old steps)
        self.made = weakref.WeakKeyDictionary()
        self.backward_calls = collections.deque(maxlen=KEPT_BACKWARD_CALLS)
        self.transform_calls = []
        self.transform_steps = 0  # steps the kept transform_calls hold
        self.transform_elements = 0  # elements of the gradients their steps received
        self.transform_calls_dropped = 0  # transforms' backward passes not kept (over KEPT_TRANSFORM_STEPS)
        self.backward_count = 0  # backward calls begun, kept or not
        self.last_call = None  # the backward call begun last, kept or not
        # torch.func: each input leaf a transform made -> (a weak reference to the learner's tensor
        # it stands for, the name of the function's parameter it was given as, or None)
        self.transform_inputs = weakref.WeakKeyDictionary()
        self.module_names = {}  # id(module) -> its name in the learner's program (the app sets it)
        # forward AD: each tensor given a tangent, in order: (weak reference, description then,
        # how its tangent was made); id(tensor) -> (weak reference, its number in that order)
        self.dual_tensors = collections.deque(maxlen=MAX_DUAL_TENSORS)
        self.dual_count = 0
        self._dual_numbers = {}
        # torch.func calls by the program line of the outermost: [file, line] -> {"calls": how
        # many, "kinds": the transforms' kinds met inside, in order}
        self.transform_runs = {}
        self._modules = []  # the modules whose forward is running, outermost first
        self._transforms = []  # the torch.func transforms whose function is running: [kind, [file, line]]
        self._run = None  # the entry of transform_runs of the program's call running
        self._orders = []  # per backward pass under way (graph_tasks), the order of the nodes it makes
        self._handles = []
        self._scope_names = {}  # scope -> scope_names(scope)

    def __enter__(self):
        from ..nn.modules import module

        def enter(m, args):
            self._modules.append(m)

        def leave(m, args, out):
            self._leave(m)

        self._handles = [module.register_module_forward_pre_hook(enter), module.register_module_forward_hook(leave)]
        _graph.recorder = self
        return self

    def __exit__(self, *exc):
        _graph.recorder = None
        for handle in self._handles:
            handle.remove()
        self._modules.clear()

    def _leave(self, module):
        if self._modules and self._modules[-1] is module:
            self._modules.pop()

    def enter_transform(self, kind):
        """A torch.func transform of ``kind`` (grad, jvp, vmap) starts running the program's function."""
        where = list(_caller.program_line())
        if not self._transforms:  # a call of the program's
            self._run = self.transform_runs.setdefault(tuple(where), {"calls": 0, "kinds": []})
            self._run["calls"] += 1
        if kind not in self._run["kinds"]:
            self._run["kinds"].append(kind)
        self._transforms.append([kind, where])

    def leave_transform(self):
        if self._transforms:
            self._transforms.pop()

    def transform_input(self, leaf, given, parameter=None):
        """A transform made ``leaf`` to differentiate its function at ``given`` (a vmap's
        per-example view is traced back to the tensor the program gave vmap)."""
        while getattr(given, "_shown", None) is not None:  # a BatchedTensor of vmap's input
            given = given._shown[0]
        try:
            self.transform_inputs[leaf] = (weakref.ref(given), parameter)
        except TypeError:  # not a tensor the program can name
            pass

    def calls(self):
        """The kept backward calls, the program's and the transforms', in the order they began."""
        return sorted([*self.backward_calls, *self.transform_calls], key=lambda call: call["number"])

    def made_in(self):
        """What is running besides the program, or None: ``order``, 0 outside a backward pass, else
        the order of the gradient whose graph the pass makes (create_graph=True: 1 differentiating
        the program's graph, 2 differentiating that gradient's ...), and ``transforms``, the
        torch.func transforms whose function is running ([kind, [file, line] of the program's call
        of it], outermost first)."""
        depth = len(_graph.graph_tasks)
        if not depth and not self._transforms:
            return None
        order = self._orders[depth - 1] if 0 < depth <= len(self._orders) else depth
        return {"order": order, "transforms": [list(t) for t in self._transforms]}

    def scope_names(self, scope):
        """The module stack ``scope`` as the view shows it: one entry per module, outermost first
        (asked once the run is over and module_names are known)."""
        names = self._scope_names.get(scope)
        if names is None:
            names = self._scope_names[scope] = [self.module_names.get(id(m), type(m).__name__) for m in scope]
        return names

    # ---- called by the engine ---------------------------------------------------------------
    def record_op(self, node, derivative, args, result):
        slots, k = [], 0
        spans = node._spans or (1,) * len(derivative.input_positions)
        by_position = dict(zip(derivative.input_positions, spans))
        for position in range(len(args)):
            span = by_position.get(position)
            if span is None:
                slots.append(None)
            else:
                slots.append(range(k, k + span) if node._spans else k)
                k += span
        self.made[node] = made = Made(derivative, _constants_only(node, args, slots), {}, result, tuple(self._modules), slots)
        made.made_in = self.made_in()

    def record_function(self, node, function, args, kwargs, outputs):
        slots, k = [], 0
        for arg in args:
            slots.append(k if isinstance(arg, _tensor.Tensor) else None)
            k += isinstance(arg, _tensor.Tensor)
        self.made[node] = made = Made(function, _constants_only(node, args, slots), kwargs, outputs,
                                      tuple(self._modules), slots)
        made.made_in = self.made_in()

    def record_tangent(self, tensor, op=None, sources=()):
        """``tensor`` was given a tangent (autograd.dual) by ``op``'s forward-mode formula (a
        Derivative; "make_dual"; None where not told: an in-place op's, a custom Function's) from
        the tangents of ``sources``: noted with it, and the node that made it shows it too (its
        output was described before the tangent was computed)."""
        described = describe(tensor)
        numbers = []
        for source in sources:
            known = self._dual_numbers.get(id(source))
            if known is not None and known[0]() is source:
                numbers.append(known[1])
        ref = weakref.ref(tensor)
        self._dual_numbers[id(tensor)] = (ref, self.dual_count)
        if len(self._dual_numbers) > 2 * MAX_DUAL_TENSORS:  # forget those gone or no longer kept
            oldest = self.dual_count - MAX_DUAL_TENSORS
            self._dual_numbers = {key: known for key, known in self._dual_numbers.items()
                                  if known[1] >= oldest and known[0]() is not None}
        name = op if op is None or isinstance(op, str) else (op.op_name or op.name).partition(".")[0]
        made = {"number": self.dual_count, "op": name, "sources": numbers, "made_in": self.made_in()}
        if self._transforms:  # which call of its line's torch.func call it was made in
            made["call"] = self._run["calls"]
        self.dual_tensors.append((ref, described, made))
        self.dual_count += 1
        made = self.made.get(tensor.grad_fn) if tensor.grad_fn is not None else None
        if made is not None and tensor._output_nr == 0:
            made.output = described

    def begin_backward(self, root_edges, grad_roots):
        # the order of what this pass makes (under create_graph=True): one above its roots' graph
        # (a gradient of a gradient is of order 2), for as long as it runs (graph_tasks)
        roots = [self.made.get(node) for node, _ in root_edges if node is not None]
        order = 1 + max([made.made_in["order"] for made in roots if made is not None and made.made_in] or [0])
        self._orders[len(_graph.graph_tasks):] = [order]
        self.backward_count += 1
        made_in = self.made_in()
        self.last_call = call = {"number": self.backward_count, "roots": [edge for edge in root_edges if edge[0] is not None],
                             "seeds": list(grad_roots), "steps": [], "complete": True,
                             "error": None, "where": list(_caller.program_line()), "made_in": made_in}
        if not (made_in and made_in["transforms"]):
            self.backward_calls.append(call)
        elif self.transform_steps < KEPT_TRANSFORM_STEPS and self.transform_elements < KEPT_TRANSFORM_ELEMENTS:
            call["kept_transform"] = True  # its steps count towards KEPT_TRANSFORM_STEPS
            self.transform_calls.append(call)
        else:
            self.transform_calls_dropped += 1

    def backward_failed(self, error):
        """The last backward call raised ``error`` at its last step's node."""
        self.last_call["error"] = error

    def backward_refused(self, root_edge):
        """backward() from ``root_edge`` was refused before it began (a non-scalar output)."""
        self.begin_backward([root_edge], [])
        self.last_call["refused"] = True

    def sent_gradients(self, node, grads_out):
        """The gradients ``node`` sent along its edges as PyTorch's hooks see them: in each input's
        shape and dtype, and as they were then (.grad, which may share their memory, is changed in
        place later: accumulated, clipped, zeroed)."""
        return [_snapshot(_graph._conform(g, *nxt._input_meta[nr])) if g is not None and nxt is not None else g
                for nxt, nr, g in zip(node._next, node._next_nr, grads_out)]

    def sent(self, step, node, grads_out):
        """Notes in ``step`` (before_step's record) what ``node`` sends: once computed (anomaly mode
        checks them then, and a failing check leaves no later chance), again after its hooks."""
        del step[STEP_FIELDS:]
        step.append(self.sent_gradients(node, grads_out))

    def before_step(self, node, grads, before_hooks=None):
        """A backward step about to run: returns its record, to which the engine appends the
        gradients the node sends to its inputs (``[node, grads in, saved, .grad before,
        grads in before the tensor hooks changed them (or None), grads out]``)."""
        if isinstance(node, AccumulateGrad):
            grads = [_snapshot(g) for g in grads]
        step = [node, list(grads), getattr(node, "_saved", None), None,
                list(before_hooks) if before_hooks is not None else None]
        if isinstance(node, AccumulateGrad) and node.variable._grad is not None:
            step[3] = describe(node.variable._grad)  # a snapshot: .grad is added to in place
        call = self.last_call
        if len(call["steps"]) < MAX_STEPS:
            call["steps"].append(step)
            if call.get("kept_transform"):
                self.transform_steps += 1
                self.transform_elements += sum(g.numel() for g in grads if g is not None)
        else:
            call["complete"] = False
        return step


def _snapshot(grad):
    """A copy of a gradient as it is now (one with a history, under create_graph, is never
    changed in place: kept as it is)."""
    if grad is None or grad._requires_grad:
        return grad
    return grad.clone()


def _constants_only(node, args, slots):
    """``args`` without the ones that reach the node through an edge (None in their place): those
    the replay takes from the edge, and holding them would keep the graph's earlier nodes alive
    from this entry, which a weak dictionary then frees recursively, one callback inside another."""
    kept = []
    for arg, arg_slots in zip(args, slots):
        if arg_slots is None:
            kept.append(arg)
        elif isinstance(arg_slots, range):
            kept.append([a if node._next[k] is None else None for a, k in zip(arg, arg_slots)])
        else:
            kept.append(arg if node._next[arg_slots] is None else None)
    return tuple(kept)


class ReplayError(Exception):
    """The graph holds a node the Recorder did not see made (or cannot remake)."""


def replay(recorder, root_edge, leaves):
    """Recompute the output at ``root_edge`` (node, nr) from ``leaves`` (AccumulateGrad node id ->
    tensor) by calling each recorded op's forward again, under the current grad mode. Constants
    are the recorded ones, in float64 when they are floating point."""
    from .._dtype import float64
    from .._tensor import Tensor
    from .derivatives import Derivative, _record
    from .grad_mode import _state as grad_mode

    def as_float64(arg):
        if isinstance(arg, Tensor) and arg.dtype.is_floating_point:
            return arg.detach().to(float64)
        return arg

    values = {}  # (node id, output nr) -> recomputed tensor

    def value_at(node, nr, constant):
        if node is None:
            return as_float64(constant)
        if isinstance(node, AccumulateGrad):
            return leaves[id(node)]
        return values[(id(node), nr)]

    # An op's inputs were made before it, so in recording (sequence) order each node's inputs
    # are ready when it is remade; in-place history is redone in the order it happened.
    for node in sorted(_graph_nodes(root_edge[0]), key=lambda n: n._sequence_nr):
        made = recorder.made.get(node)
        if made is None:
            raise ReplayError(f"{type(node).__name__} was not made by an op the graph view can redo")
        args = []
        for arg, slots in zip(made.args, made.arg_slots):
            if slots is None:
                args.append(as_float64(arg))
            elif isinstance(slots, range):
                args.append([value_at(node._next[s], node._next_nr[s], a) for a, s in zip(arg, slots)])
            else:
                args.append(value_at(node._next[slots], node._next_nr[slots], arg))
        if isinstance(made.call, Derivative):
            result = made.call.forward(*args)
            if grad_mode["enabled"]:
                _record(made.call, tuple(args), result)
        else:  # a custom autograd.Function
            result = made.call.apply(*args, **made.kwargs)
        outputs = result if isinstance(result, (tuple, list)) else (result,)
        for nr, out in enumerate(o for o in outputs if isinstance(o, Tensor)):
            values[(id(node), nr)] = out
    return value_at(root_edge[0], root_edge[1], None)


def _graph_nodes(root):
    """Every node reachable from ``root`` except the AccumulateGrad leaves."""
    seen, stack = {id(root): root}, [root]
    while stack:
        for nxt in stack.pop()._next:
            if nxt is not None and id(nxt) not in seen and not isinstance(nxt, AccumulateGrad):
                seen[id(nxt)] = nxt
                stack.append(nxt)
    return [node for node in seen.values() if not isinstance(node, AccumulateGrad)]
