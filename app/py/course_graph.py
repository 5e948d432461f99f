"""The graph panel's Python side: what the page asks about the last run's autograd graph.

A run with the panel open (RUN option ``graph``) runs under the engine's Recorder; afterwards a
GraphSession answers the page's requests (app/protocol.js GRAPH) from that run's namespace until
the next run starts, which drops it. Answers are plain JSON-ready data; nothing here changes a
learner's tensor: values are read, gradients are recomputed on float64 copies.
"""

import ast
import contextlib
import inspect
import io
import json
import math
import re
import sys

GRADCHECK_EPS = 1e-6
GRADCHECK_ATOL, GRADCHECK_RTOL = 1e-5, 1e-3  # torch.autograd.gradcheck's defaults
GRADCHECK_MAX_ELEMENTS = 256  # per leaf; larger leaves are checked at evenly spaced elements
STEPS_CHUNK = 64  # backward steps described per question (the panel asks for more as the learner steps on)


class _Enough(Exception):
    """Stops a dry-run backward once it has made the steps asked for."""


def short(value):
    """A number as the stepper prints it: six significant digits (1210.29, 403.429, 3)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if math.isnan(value) or math.isinf(value):
        return str(value)
    return f"{value:.6g}"


def short_tensor(t):
    """A tensor's value for the stepper: a number, a short list, or its shape."""
    import torch
    if not isinstance(t, torch.Tensor):
        return short(t)
    if t.numel() == 1:
        return short(t.item())
    if t.numel() <= 8:
        return "[" + ", ".join(short(v) for v in t.detach().reshape(-1).tolist()) + "]"
    return "tensor of shape [" + ", ".join(map(str, t.shape)) + "]"


_session = None  # the last recorded run's GraphSession, until the next run starts


def recording():
    """The engine's Recorder, to be entered around a run (nothing, when the engine is broken)."""
    try:
        from torch.autograd.graph_export import Recorder
    except ImportError:
        return contextlib.nullcontext()
    return Recorder()


def open_session(namespace, recorder, program_file=None):
    """Keeps the finished run for the page's requests; returns what the run result carries.
    ``program_file``: the file name the program ran as (its lines are the ones the view links)."""
    global _session
    if recorder is None:
        return {"tensors": []}
    _session = GraphSession(namespace, recorder, program_file)
    # forward mode: the run's dual tensors in the order they got their tangents; the program's
    # torch.func calls (forward-mode ones build no graph backward could walk: the panel says so)
    answer = {"tensors": _session.tensors(), "tangents": _session.tangents(), "transforms": _session.transform_runs()}
    if recorder.transform_calls_dropped:  # torch.func's backward passes past KEPT_TRANSFORM_STEPS
        answer["transforms_dropped"] = {"kept": len(recorder.transform_calls), "steps": recorder.transform_steps,
                                        "dropped": recorder.transform_calls_dropped}
    return answer


def forget():
    global _session
    _session = None


def answer(request):
    """The answer to one GRAPH request (see app/protocol.js); output printed meanwhile (a custom
    Function's backward) is dropped."""
    if _session is None:
        return {"error": "no recorded run: run the program with the graph panel open"}
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = io.StringIO()
    try:
        return _session.answer(request)
    finally:
        sys.stdout, sys.stderr = saved


def answer_json(request):
    """``answer`` as JSON text: the worker parses it on the page's side of the message much faster
    than Pyodide converts a large nested dict (a 500-node graph)."""
    return json.dumps(answer(request), separators=(",", ":"))


class Root:
    """A tensor the panel can draw the graph of: a named one, or the output a backward() call
    started from that the program left unnamed (``(a * a).sum().backward()``)."""

    def __init__(self, name, edge, shape, tensor=None):
        self.name, self.edge, self.shape, self.tensor = name, edge, shape, tensor

    @property
    def scalar(self):
        return math.prod(self.shape) == 1


class GraphSession:
    def __init__(self, namespace, recorder, program_file=None):
        import torch
        from torch.autograd import graph as engine_graph
        self.torch = torch
        self.namespace = namespace
        self.recorder = recorder
        self.program_file = program_file
        self.names = {}  # id(tensor) or (id(node), output nr) -> the learner's name for it
        self.name_lines = _assignment_lines(program_file)  # variable -> the line that first assigns it
        self.leaf_lines = {}  # id(leaf tensor) -> its program line
        self.roots = {}  # name in the picker -> Root, named tensors first
        self._steppers = {}  # name in the picker -> its backward steps, described as far as asked
        self._walks = {}  # name in the picker -> walk() from it (its nodes in export order)
        modules = [(name, value) for name, value in namespace.items()
                   if not name.startswith("_") and isinstance(value, torch.nn.Module)]
        for name, value in namespace.items():
            if name.startswith("_"):
                continue
            if isinstance(value, torch.Tensor):
                self._name(value, name)
                if value.grad_fn is not None:
                    node, nr = engine_graph.gradient_edge(value)
                    self.roots[name] = Root(name, (node, nr), list(value.shape), value)
        for name, value in modules:
            for path, module in value.named_modules():
                recorder.module_names.setdefault(id(module), f"{name}.{path}" if path else name)
            for path, parameter in value.named_parameters():
                # torchviz's names (make_dot(params=dict(model.named_parameters()))): "0.weight";
                # with several models, each one's variable name first
                self._name(parameter, path if len(modules) == 1 else f"{name}.{path}", owner=name)
        for leaf, (given, parameter) in list(recorder.transform_inputs.items()):
            # a torch.func transform's input: named as the tensor the program gave it, else as the
            # function's parameter
            name = self.names.get(id(given())) if given() is not None else None
            if name:
                self._name(leaf, name)
            elif parameter:
                self.names.setdefault(id(leaf), parameter)
        for number, call in enumerate(recorder.calls()):
            for node, nr in call["roots"]:
                if (id(node), nr) not in self.names and not any(r.edge == (node, nr) for r in self.roots.values()):
                    line = self._line(call["where"])
                    # a torch.func transform's own backward pass: its function's output, inside it
                    kind = "torch.func" if _in_transform(call) else "backward()"
                    name = f"{kind} @ {line}" if line else f"{kind} #{number + 1}"
                    if name in self.roots:  # another call on that line (grad(grad(f)): one each)
                        name = f"{name} #{sum(other.startswith(name) for other in self.roots) + 1}"
                    self.roots[name] = Root(name, (node, nr), list(node._input_meta[nr][0]))

    def _name(self, tensor, name, owner=None):
        self.names.setdefault(id(tensor), name)
        line = self.name_lines.get(owner or name)
        if line is not None and tensor.grad_fn is None:
            self.leaf_lines.setdefault(id(tensor), line)
        if tensor.grad_fn is not None:
            self.names.setdefault((id(tensor.grad_fn), tensor._output_nr), name)

    def tangents(self):
        """export_tangents with ``made_in`` read as the panel shows it: ``transform``, the program
        line of the torch.func call whose jvp computed the tangent (absent outside one)."""
        from torch.autograd.graph_export import export_tangents
        entries = export_tangents(self.recorder, self.names)
        for entry in entries:
            made_in = entry.pop("made_in")
            if made_in and made_in["transforms"]:
                entry["transform"] = self._line(made_in["transforms"][0][1])
        return entries

    def transform_runs(self):
        """The program's torch.func calls by line: ``calls`` on it, the transforms' ``kinds`` met
        inside (outermost first) and the line's ``code``."""
        return [{"line": line, "code": self._code(line), **run}
                for where, run in self.recorder.transform_runs.items()
                if (line := self._line(list(where))) is not None]

    def _line(self, where):
        """The 1-based line of the program a recorded [file, line] is, or None (another file)."""
        return where[1] if where and where[0] == self.program_file else None

    def tensors(self):
        """The tensors with a grad_fn, as the panel lists them: the named ones in the program's
        order, then each backward() call's unnamed output; ``backward`` marks the output the last
        backward call started from (the panel opens it first)."""
        calls = [call for call in self.recorder.backward_calls if not _in_transform(call)]
        last = set(calls[-1]["roots"]) if calls else set()
        return [{"name": root.name, "grad_fn": type(root.edge[0]).__name__, "shape": root.shape,
                 "scalar": root.scalar, "backward": root.edge in last, "view": self.view(root.edge[0])}
                for root in self.roots.values()]

    def view(self, node):
        """Which of the run's graphs ``node`` heads, from how it was made: the program's own
        ("forward"), the graph a backward pass built with create_graph=True ("gradient", of
        ``order`` 1 for a first derivative, 2 for a second ...; ``line``: the call that built it), or
        one a torch.func transform built inside its call ("func": ``transforms``, their kinds
        outermost first, ``line``: the program's call of the outermost)."""
        made = self.recorder.made.get(node)
        made_in = made.made_in if made is not None else None
        if made_in and made_in["transforms"]:
            line = self._line(made_in["transforms"][0][1])
            return {"id": f"func:{line}", "kind": "func", "line": line, "code": self._code(line),
                    "transforms": [kind for kind, _ in made_in["transforms"]]}
        if made_in and made_in["order"]:
            line = self._line(made.where)
            return {"id": f"gradient:{made_in['order']}:{line}", "kind": "gradient", "order": made_in["order"],
                    "line": line, "code": self._code(line)}
        return {"id": "forward", "kind": "forward"}

    def _code(self, line):
        """The text of the program's line ``line`` (None for none)."""
        import linecache
        return linecache.getline(self.program_file, line).strip() or None if line and self.program_file else None

    def answer(self, request):
        """One GRAPH request: {"what": "graph" | "node" | "steps" | "gradcheck", "name": a listed
        name}; for "node", "id" (a node's number in the graph's answer); for "steps", optionally
        "first" and "end" (the steps wanted: 0 and STEPS_CHUNK by default)."""
        what = request.get("what")
        if what not in ("graph", "node", "steps", "gradcheck"):
            return {"error": f"unknown graph request {what!r}"}
        root = self.roots.get(request.get("name"))
        if root is None:
            return {"error": f"{request.get('name')!r} is not a tensor with a grad_fn"}
        if what == "steps":
            return self.steps(root, request.get("first", 0), request.get("end"))
        if what == "node":
            return self.node(root, request.get("id"))
        return getattr(self, what)(root)

    def graph(self, root):
        """What the panel draws of the graph behind ``root``: every node's name, kind, label, line
        and module, and the edges; a node's values come with ``node`` when the learner picks it."""
        from torch.autograd.graph_export import export_graph
        walked = self._walked(root)
        export = export_graph(names=self.names, recorder=self.recorder, roots=[root.edge[0]], details=False, walked=walked)
        for entry, node in zip(export["nodes"], walked[0]):
            self._place(entry, node)
        return export

    def node(self, root, number):
        """Node ``number`` of ``graph(root)``'s answer with its values: its output's (or leaf's)
        value, what it saved, a leaf's .grad."""
        from torch.autograd.graph_export import node_entry
        order = self._walked(root)[0]
        if not isinstance(number, int) or not 0 <= number < len(order):
            return {"error": f"{root.name!r} has no node {number!r}"}
        entry = self._place(node_entry(number, order[number], self.names, self.recorder), order[number])
        variable = getattr(order[number], "variable", None)
        # (by identity: a tensor's == compares elements)
        if variable is not None and any(ref() is variable for ref in self.recorder.transform_inputs.keyrefs()):
            entry["transform_grad"] = self._transform_gradient(root, order[number])
        return entry

    def _transform_gradient(self, root, leaf):
        """The gradient the torch.func call behind ``root`` returned for its input ``leaf`` (what its
        backward pass brought to the leaf: torch.func returns it, .grad stays as it was), or None."""
        call = next((c for c in reversed(self.recorder.transform_calls) if root.edge in c["roots"]), None)
        for node, grads, *_ in call["steps"] if call else ():
            if node is leaf:
                return _printed(grads[0])
        return None

    def _walked(self, root):
        """``walk`` from ``root``, once per session (the graph no longer changes once the run is over)."""
        walked = self._walks.get(root.name)
        if walked is None:
            walked = self._walks[root.name] = _walk(root.edge[0])
        return walked

    def _place(self, entry, node):
        """``entry`` with the engine's where and made_in read as the panel shows them: ``line`` (the
        program's, none for other files) and ``order`` (a gradient's graph, create_graph=True)."""
        made_in = entry.pop("made_in", None)
        if made_in and made_in["order"]:  # made by a backward pass (create_graph=True)
            entry["order"] = made_in["order"]
        where = entry.pop("where", None)
        line = self._line(where) if where else None
        if line is None and entry["kind"] == "leaf":
            line = self.leaf_lines.get(id(node.variable))
        if line is not None:
            entry["line"] = line
        return entry

    # ---- stepping through backward --------------------------------------------------------
    def steps(self, root, first=0, end=None):
        """Backward steps ``first`` to ``end`` (exclusive; STEPS_CHUNK from ``first`` when None)
        from ``root`` in the engine's order: the run's own backward call from it when there was
        one, else a dry run (no hooks, nothing accumulates). A call that failed ends at the step
        whose node raised (``error``). Steps are described only when asked for, in order (a step
        shows the sum of what earlier steps sent it): opening the panel on a 5,000-node graph
        describes its first steps, not all of them. ``count`` is the number of steps there are."""
        stepper = self._steppers.get(root.name)
        if stepper is None:
            stepper = self._steppers[root.name] = self._stepper(root)
        end = first + STEPS_CHUNK if end is None else end
        end = min(end, stepper["count"])
        self._describe_steps(stepper, end)
        answer = {key: stepper[key] for key in ("source", "seed", "complete", "count") if key in stepper}
        answer.update(first=first, steps=stepper["steps"][first:end])
        if "error" in stepper:
            answer["error"] = stepper["error"]
        return answer

    def _stepper(self, root):
        """Where the steps from ``root`` come from, before any is described."""
        call = next((c for c in reversed(self.recorder.calls()) if root.edge in c["roots"]), None)
        source = "run"
        ids = {id(node): number for number, node in enumerate(self._walked(root)[0]) if not isinstance(node, tuple)}
        if call is not None and call.get("refused"):
            return {"source": "run", "seed": None, "complete": True, "steps": [], "count": 0,
                    "error": {"node": ids.get(id(root.edge[0])), "message": "RuntimeError: grad can be implicitly "
                              "created only for scalar outputs"}}
        if call is None:  # a backward call that passed through it (``a`` in ``(a * a).sum()``)
            call = next((c for c in reversed(self.recorder.calls())
                         if any(step[0] is root.edge[0] for step in c["steps"])), None)
            if call is not None:
                source = "run-through"
                first = next(k for k, step in enumerate(call["steps"]) if step[0] is root.edge[0])
                call = {**call, "steps": [step for step in call["steps"][first:] if id(step[0]) in ids],
                        "seeds": [call["steps"][first][1][root.edge[1]]]}
        if call is not None and source == "run" and _in_transform(call):
            source = "transform"  # a torch.func transform's own backward pass
        stepper = {"source": source, "ids": ids, "received": {}, "steps": []}
        if call is None:
            # a dry run, as far as the steps asked for (each node runs once: a step per node)
            stepper.update(source="dry-run", root=root, call=None, count=len(ids), complete=True,
                           seed=short_tensor(self.torch.ones_like(root.tensor)))
            return stepper
        stepper.update(call=call, count=len(call["steps"]), complete=call["complete"],
                       seed=short_tensor(call["seeds"][0]) if call["seeds"] else "1")
        if call.get("error") is not None and call["steps"]:
            error = call["error"]
            stepper["error"] = {"node": ids.get(id(call["steps"][-1][0])), "step": len(call["steps"]) - 1,
                                "message": f"{type(error).__name__}: {error}"}
        return stepper

    def _dry_run(self, root, steps):
        """A backward call's record of the first ``steps`` steps from ``root``, dry-run (the engine
        is stopped at the next step: what it has sent so far is all the steps shown need)."""
        from torch.autograd import graph as engine_graph
        from torch.autograd.graph_export import Recorder
        tensor = root.tensor
        leaves = [node.variable for node in _leaf_nodes(root.edge[0])]
        tracer = Recorder()
        record = tracer.before_step

        def before_step(node, grads, before_hooks=None):
            if len(tracer.last_call["steps"]) >= steps:
                raise _Enough
            return record(node, grads, before_hooks)

        tracer.before_step = before_step
        engine_graph.recorder = tracer
        try:
            engine_graph.run_backward([tensor], [self.torch.ones_like(tensor)], retain_graph=True,
                                      create_graph=False, inputs=leaves, accumulate=False, dry_run=True)
        except _Enough:
            tracer.last_call["error"] = None
        finally:
            engine_graph.recorder = None
        return tracer.last_call

    def _describe_steps(self, stepper, end):
        """Describes the steps up to ``end`` (exclusive) that are not yet."""
        described = stepper["steps"]
        if len(described) >= end:
            return
        if stepper["source"] == "dry-run":
            have = len(stepper["call"]["steps"]) if stepper["call"] else 0
            if have < end:  # run again, further: at least twice as far as before (each run starts over)
                try:
                    stepper["call"] = self._dry_run(stepper["root"], max(end, 2 * have, STEPS_CHUNK))
                except RuntimeError as error:
                    stepper.update(count=len(described), error={"node": None, "message": f"RuntimeError: {error}"})
                    return
                if not stepper["call"]["complete"]:  # more steps than a Recorder keeps (MAX_STEPS)
                    stepper.update(count=len(stepper["call"]["steps"]), complete=False)
        ids, received, source = stepper["ids"], stepper["received"], stepper["source"]
        for node, grads_in, saved, grad_before, before_hooks, *rest in stepper["call"]["steps"][len(described):end]:
            grads_out = rest[0] if rest else None
            step = {"node": ids.get(id(node)), "name": type(node).__name__,
                    "incoming": [_received(received.get((id(node), nr)), g) for nr, g in enumerate(grads_in)]}
            if before_hooks is not None:  # a tensor hook (register_hook) changed the gradient here
                step["hooked"] = [_printed(g) for g in before_hooks]
            retained = [self.names.get((id(node), nr)) for nr in range(len(grads_in))
                        if self._retains((id(node), nr))]
            if retained:
                step["retained"] = retained
            if hasattr(node, "variable"):
                step["accumulate"] = self._accumulation(node, grads_in[0], grad_before, source)
            elif grads_out is not None:
                step["sends"] = self._sends(node, grads_in, saved, grads_out, ids, received)
            described.append(step)

    def _retains(self, key):
        """Whether the named tensor that is output ``key`` (id(node), nr) called retain_grad()."""
        name = self.names.get(key)
        tensor = self.namespace.get(name) if name else None
        return isinstance(tensor, self.torch.Tensor) and tensor.retains_grad

    def _sends(self, node, grads_in, saved, grads_out, ids, received):
        from torch.autograd.graph_export import slot_inputs
        derivative = getattr(node, "_derivative", None)
        formulas = formula_texts(derivative) if derivative is not None else {}
        slot_input = slot_inputs(node)
        values = dict(zip(derivative.slots, saved)) if derivative is not None and saved else {}
        sends = []
        for slot, (nxt, nr) in enumerate(zip(node._next, node._next_nr)):
            g = grads_out[slot] if slot < len(grads_out) else None
            entry = {"slot": slot, "to": ids.get(id(nxt)) if nxt is not None else None,
                     "input": slot_input[slot], "value": short_tensor(g) if g is not None else None,
                     "grad": _printed(g)}
            if nxt is None:
                entry["none"] = True  # no next node: the gradient for a constant is not computed
                sends.append(entry)
                continue
            input_name = slot_input[slot]
            if input_name in formulas:
                params = list(inspect.signature(derivative.formulas[derivative.inputs.index(input_name)]).parameters)
                entry.update(_product(input_name, formulas[input_name], params, grads_in[0], values, g))
            elif derivative is None and hasattr(node, "_function"):
                entry["formula"] = f"{node._function.__name__}.backward(ctx, grad)"
            if g is not None:
                received.setdefault((id(nxt), nr), []).append(
                    {"from": ids.get(id(node)), "input": slot_input[slot], "value": short_tensor(g)})
            sends.append(entry)
        return sends

    def _accumulation(self, node, incoming, grad_before, source):
        name = self.names.get(id(node.variable)) or "leaf"
        entry = {"leaf": name, "incoming": short_tensor(incoming) if incoming is not None else None}
        if source in ("dry-run", "transform"):
            # a dry run computes the gradient but leaves .grad alone; torch.func returns it
            entry["note"] = source
        elif grad_before is not None and incoming is not None:
            before = self.torch.tensor(grad_before["value"], dtype=incoming.dtype) if "value" in grad_before else None
            entry["before"] = short_tensor(before) if before is not None else "…"
            entry["after"] = short_tensor(before + incoming) if before is not None else "…"
        else:
            entry["before"] = None
            entry["after"] = entry["incoming"]
        return entry

    # ---- gradient check -------------------------------------------------------------------
    def gradcheck(self, picked):
        """Autograd against central finite differences, in float64, for every leaf of the graph
        of the scalar ``picked`` (a Root; the graph is recomputed from the recorded ops)."""
        from torch.autograd.graph_export import ReplayError, replay
        torch = self.torch
        if not picked.scalar:
            return {"error": "gradcheck needs a scalar (one element): pick the loss"}
        root = picked.edge
        nodes = _leaf_nodes(root[0])
        base = {id(node): node.variable.detach().to(torch.float64) for node in nodes}
        try:
            leaves = {key: value.clone().requires_grad_(True) for key, value in base.items()}
            with torch.enable_grad():
                out = replay(self.recorder, root, leaves)
            analytic = torch.autograd.grad(out.sum(), list(leaves.values()), allow_unused=True)
            results = []
            with torch.no_grad():
                for node, grad in zip(nodes, analytic):
                    results.append(self._check_leaf(node, base, grad, root))
        except (ReplayError, RuntimeError, TypeError, ValueError) as error:
            return {"error": f"{type(error).__name__}: {error}"}
        return {"passed": all(r["passed"] for r in results), "leaves": results}

    def _check_leaf(self, node, base, analytic, root):
        from torch.autograd.graph_export import replay
        torch = self.torch
        key = id(node)
        flat = base[key].reshape(-1).tolist()
        count = len(flat)
        stride = max(1, math.ceil(count / GRADCHECK_MAX_ELEMENTS))
        checked = range(0, count, stride)
        analytic_flat = analytic.reshape(-1).tolist() if analytic is not None else [0.0] * count
        numeric, worst, passed = [], 0.0, True
        for i in checked:
            ends = []
            for sign in (1, -1):
                moved = list(flat)
                moved[i] += sign * GRADCHECK_EPS
                leaves = dict(base)
                leaves[key] = torch.tensor(moved, dtype=torch.float64).reshape(base[key].shape)
                ends.append(replay(self.recorder, root, leaves).sum().item())
            n = (ends[0] - ends[1]) / (2 * GRADCHECK_EPS)
            a = analytic_flat[i]
            numeric.append(n)
            worst = max(worst, abs(a - n))
            passed = passed and abs(a - n) <= GRADCHECK_ATOL + GRADCHECK_RTOL * abs(n)
        shown = [analytic_flat[i] for i in checked]
        return {"leaf": self.names.get(id(node.variable)) or "leaf", "passed": passed,
                "max_error": f"{worst:.2g}", "checked": len(checked), "elements": count,
                "autograd": _short_list(shown), "numeric": _short_list(numeric)}


def _in_transform(call):
    """Whether a recorded backward call was a torch.func transform's own."""
    return bool(call.get("made_in") and call["made_in"]["transforms"])


def _short_list(values):
    text = ", ".join(short(v) for v in values[:6])
    return text + (", …" if len(values) > 6 else "")


def _received(contributions, grad):
    """An incoming gradient, with the contributions it is the sum of when several paths lead here."""
    entry = {"value": short_tensor(grad) if grad is not None else None, "grad": _printed(grad)}
    if contributions and len(contributions) > 1:
        entry["sum_of"] = contributions
    return entry


def _leaf_nodes(root):
    """The AccumulateGrad nodes reachable from ``root``, in export order."""
    from torch.autograd.graph import AccumulateGrad
    from torch.autograd.graph_export import walk
    order, _ = walk([root]) if root is not None else ([], [])
    return [node for node in order if isinstance(node, AccumulateGrad)]


def _walk(root):
    from torch.autograd.graph_export import walk
    return walk([root]) if root is not None else ([], [])


PRINTED_MAX_ELEMENTS = 64  # larger gradients are described by shape (printing them costs ms each)


def _printed(grad):
    """A gradient as PyTorch prints it (``tensor(2.)``; None for none), or by its shape when large."""
    if grad is None:
        return "None"
    return repr(grad) if grad.numel() <= PRINTED_MAX_ELEMENTS else short_tensor(grad)


def _assignment_lines(program_file):
    """Each variable of the program -> the 1-based line of its first assignment (leaves and
    models are tied to the line that made them)."""
    import linecache
    lines = {}
    source = "".join(linecache.getlines(program_file)) if program_file else ""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return lines
    stack = list(tree.body)
    while stack:  # the program's own statements, not those of the functions and classes it defines
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        stack.extend(child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt))
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name) and (name.id not in lines or node.lineno < lines[name.id]):
                        lines[name.id] = node.lineno
    return lines


# ---- local derivatives as formulas, from the derivative table's source -----------------------
_formula_cache = {}


def formula_texts(derivative):
    """{input name: (formula's AST: a lambda or a function's name, the file's source)} from the
    @op entry that declared ``derivative``."""
    if derivative.name in _formula_cache:
        return _formula_cache[derivative.name]
    texts = {}
    try:
        source = "".join(inspect.findsource(derivative.forward)[0])  # the whole file, also from a zip on sys.path
        first_line = derivative.forward.__code__.co_firstlineno
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.decorator_list and min(
                    d.lineno for d in node.decorator_list) == first_line:
                for decorator in node.decorator_list:
                    if isinstance(decorator, ast.Call) and getattr(decorator.func, "id", None) == "op":
                        for keyword in decorator.keywords:
                            if isinstance(keyword.value, (ast.Lambda, ast.Name)):
                                texts[keyword.arg] = keyword.value
                break
    except (OSError, TypeError, SyntaxError):
        pass  # no source (a frozen engine): the stepper shows the values without the formula
    _formula_cache[derivative.name] = texts = {name: (lam, source) for name, lam in texts.items()}
    return texts


def _product(input_name, entry, params, grad, saved, sent):
    """The formula for one input, in derivatives.yaml's notation (``grad.expand(self.sym_sizes())``),
    and with the engine's values put in where the formula reads them (``1 · 403.429 = 403.429``,
    ``(1).expand([1, 4]) = [1, 1, 1, 1]``). Conditions on plain numbers (``alpha == 1``) are
    decided first."""
    lam, source = entry
    values = {"grad": grad, **saved}
    if isinstance(lam, ast.Name):  # a backward function of its own: show it called
        body = ast.Call(ast.Name(lam.id), [ast.Name(p) for p in params], [])
        formula = f"{lam.id}({', '.join(params)})"
    else:
        body = _decide_conditions(lam.body, values)
        formula = _segment(body, source)
    result = {"input": input_name, "formula": _yaml_notation(formula)}
    known = {p: values[p] for p in params if p in values and values[p] is not None}
    result["values"] = {p: short_tensor(v) for p, v in known.items()}
    used = {n.id for n in ast.walk(body) if isinstance(n, ast.Name) and n.id in params}
    if sent is not None and used <= known.keys():
        result["product"] = _substituted(body, known).replace(" * ", " · ") + " = " + short_tensor(sent)
    return result


def _yaml_notation(text):
    """The engine's attribute names as derivatives.yaml writes them."""
    return re.sub(r"\._shape\b", ".sym_sizes()", text)


_templates = {}  # (id(formula AST), the names known) -> (text with slots, [(name, attribute chain)])


def _substituted(body, known):
    """``body`` (an expression) as text with each name in ``known`` replaced by its value, and an
    attribute read of one (``self._shape``) by the attribute's value; a value a method is called
    on is parenthesized when it is a bare number (``(1).expand(...)``)."""
    import torch
    key = (id(body), tuple(sorted(known)))
    if key not in _templates:
        _templates[key] = _template(body, known)
    text, reads = _templates[key]
    values = []
    for name, chain in reads:
        value = known[name]
        for attr in chain:
            value = getattr(value, attr)
        if isinstance(value, (tuple, list)) and not isinstance(value, torch.Tensor):
            values.append("[" + ", ".join(map(short, value)) + "]")
        else:
            values.append(short_tensor(value))

    def put(match):
        value = values[int(match.group(1))]
        receiver = text[match.end():match.end() + 1] in (".", "[")
        return f"({value})" if receiver and re.fullmatch(r"-?[0-9.e+-]+|nan|inf|-inf", value) else value

    return re.sub(r"__value_(\d+)__", put, text)


def _template(body, known):
    """``body`` as text with a slot ``__value_<k>__`` for each read of a known name (or of a
    plain attribute of one), and the reads: [(name, attribute chain)]."""
    reads = []

    def slot(name, chain):
        reads.append((name, chain))
        return ast.Name(f"__value_{len(reads) - 1}__")

    class Substitute(ast.NodeTransformer):
        def visit_Attribute(self, node):
            chain, inner = [], node
            while isinstance(inner, ast.Attribute):
                chain.append(inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name) and inner.id in known:
                value = known[inner.id]
                try:
                    for attr in reversed(chain):
                        value = getattr(value, attr)
                except AttributeError:
                    value = None
                if value is not None and not callable(value):
                    return slot(inner.id, tuple(reversed(chain)))
            node.value = self.visit(node.value)
            return node

        def visit_Name(self, node):
            return slot(node.id, ()) if node.id in known else node

    tree = Substitute().visit(ast.parse(ast.unparse(body), mode="eval"))
    return ast.unparse(tree), reads


_segments = {}  # id(ast node) -> its source text (the nodes live on in _formula_cache)


def _segment(node, source):
    if id(node) not in _segments:
        _segments[id(node)] = ast.get_source_segment(source, node) or ast.unparse(node)
    return _segments[id(node)]


def _decide_conditions(body, values):
    """``a if test else b`` with a test on plain numbers: the branch it takes."""
    import torch
    while isinstance(body, ast.IfExp):
        names = {n.id for n in ast.walk(body.test) if isinstance(n, ast.Name)}
        if not names <= values.keys() or any(isinstance(values[n], torch.Tensor) for n in names):
            break
        try:
            taken = eval(compile(ast.Expression(body.test), "<formula>", "eval"), {"__builtins__": {}},
                         {n: values[n] for n in names})
        except Exception:  # noqa: BLE001  (a test we cannot decide: show the whole formula)
            break
        body = body.body if taken else body.orelse
    return body
