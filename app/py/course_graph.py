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


def open_session(namespace, recorder):
    """Keeps the finished run for the page's requests; returns what the run result carries."""
    global _session
    if recorder is None:
        return {"tensors": []}
    _session = GraphSession(namespace, recorder)
    return {"tensors": _session.tensors()}


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


class GraphSession:
    def __init__(self, namespace, recorder):
        import torch
        self.torch = torch
        self.namespace = namespace
        self.recorder = recorder
        self.names = {}  # id(tensor) or (id(node), output nr) -> the learner's name for it
        for name, value in namespace.items():
            if name.startswith("_"):
                continue
            if isinstance(value, torch.Tensor):
                self._name(value, name)
            elif isinstance(value, torch.nn.Module):
                for path, module in value.named_modules():
                    recorder.module_names.setdefault(id(module), f"{name}.{path}" if path else name)
                for path, parameter in value.named_parameters():
                    self._name(parameter, f"{name}.{path}")

    def _name(self, tensor, name):
        self.names.setdefault(id(tensor), name)
        if tensor.grad_fn is not None:
            self.names.setdefault((id(tensor.grad_fn), tensor._output_nr), name)

    def tensors(self):
        """The namespace's tensors with a grad_fn or requires_grad, as the panel lists them."""
        listed = []
        for name, value in self.namespace.items():
            if name.startswith("_") or not isinstance(value, self.torch.Tensor) or not value.requires_grad:
                continue
            listed.append({"name": name, "grad_fn": type(value.grad_fn).__name__ if value.grad_fn else None,
                           "shape": list(value.shape), "scalar": value.numel() == 1})
        return listed

    def answer(self, request):
        """One GRAPH request: {"what": "graph" | "steps" | "gradcheck", "name": tensor's name}."""
        what = request.get("what")
        if what not in ("graph", "steps", "gradcheck"):
            return {"error": f"unknown graph request {what!r}"}
        tensor = self.namespace.get(request.get("name"))
        if not isinstance(tensor, self.torch.Tensor) or not tensor.requires_grad:
            return {"error": f"{request.get('name')!r} is not a tensor that requires grad"}
        return getattr(self, what)(tensor)

    def graph(self, tensor):
        from torch.autograd.graph_export import export_graph
        return export_graph(tensor, names=self.names, recorder=self.recorder)

    # ---- stepping through backward --------------------------------------------------------
    def steps(self, tensor):
        """The backward steps from ``tensor`` in the engine's order: the run's own backward call
        from it when there was one, else a dry run (no hooks, nothing accumulates)."""
        from torch.autograd import graph as engine_graph
        from torch.autograd.graph_export import Recorder
        root = engine_graph.gradient_edge(tensor)
        call = next((c for c in reversed(self.recorder.backward_calls) if root in c["roots"]), None)
        source = "run"
        if call is None:
            source = "dry-run"
            leaves = [node.variable for node in _leaf_nodes(root[0])]
            tracer = Recorder()
            engine_graph.recorder = tracer
            try:
                engine_graph.run_backward([tensor], [self.torch.ones_like(tensor)], retain_graph=True,
                                          create_graph=False, inputs=leaves, accumulate=False, dry_run=True)
            except RuntimeError as error:
                return {"error": str(error)}
            finally:
                engine_graph.recorder = None
            call = tracer.backward_calls[-1]
        ids = _export_ids(root[0])
        received = {}  # (node id, input nr) -> [{"from": export id, "value": ...}]
        steps = []
        for node, grads_in, saved, grad_before, *rest in call["steps"]:
            grads_out = rest[0] if rest else []
            step = {"node": ids.get(id(node)), "name": type(node).__name__,
                    "incoming": [_received(received.get((id(node), nr)), g) for nr, g in enumerate(grads_in)]}
            if hasattr(node, "variable"):
                step["accumulate"] = self._accumulation(node, grads_in[0], grad_before, source)
            else:
                step["sends"] = self._sends(node, grads_in, saved, grads_out, ids, received)
            steps.append(step)
        return {"source": source, "seed": short_tensor(call["seeds"][0]) if call["seeds"] else "1",
                "complete": call["complete"], "steps": steps}

    def _sends(self, node, grads_in, saved, grads_out, ids, received):
        derivative = getattr(node, "_derivative", None)
        formulas = formula_texts(derivative) if derivative is not None else {}
        inputs = derivative.inputs if derivative is not None else ()
        slot_input = _slot_inputs(node, inputs)
        values = dict(zip(derivative.slots, saved)) if derivative is not None and saved else {}
        sends = []
        for slot, (nxt, nr) in enumerate(zip(node._next, node._next_nr)):
            if nxt is None:
                continue
            g = grads_out[slot] if slot < len(grads_out) else None
            entry = {"to": ids.get(id(nxt)), "value": short_tensor(g) if g is not None else None}
            input_name = slot_input[slot]
            if input_name in formulas:
                params = list(inspect.signature(derivative.formulas[derivative.inputs.index(input_name)]).parameters)
                entry.update(_product(input_name, formulas[input_name], params, grads_in[0], values, g))
            elif derivative is None and hasattr(node, "_function"):
                entry["formula"] = f"{node._function.__name__}.backward(ctx, grad)"
            if g is not None:
                received.setdefault((id(nxt), nr), []).append({"from": ids.get(id(node)), "value": short_tensor(g)})
            sends.append(entry)
        return sends

    def _accumulation(self, node, incoming, grad_before, source):
        name = self.names.get(id(node.variable)) or "leaf"
        entry = {"leaf": name, "incoming": short_tensor(incoming) if incoming is not None else None}
        if source == "dry-run":
            entry["note"] = "dry-run"  # a dry run computes the gradient but leaves .grad alone
        elif grad_before is not None and incoming is not None:
            before = self.torch.tensor(grad_before["value"], dtype=incoming.dtype) if "value" in grad_before else None
            entry["before"] = short_tensor(before) if before is not None else "…"
            entry["after"] = short_tensor(before + incoming) if before is not None else "…"
        else:
            entry["before"] = None
            entry["after"] = entry["incoming"]
        return entry

    # ---- gradient check -------------------------------------------------------------------
    def gradcheck(self, tensor):
        """Autograd against central finite differences, in float64, for every leaf of the graph
        of the scalar ``tensor`` (the graph is recomputed from the recorded ops)."""
        from torch.autograd import graph as engine_graph
        from torch.autograd.graph_export import ReplayError, replay
        torch = self.torch
        if tensor.numel() != 1:
            return {"error": "gradcheck needs a scalar (one element): pick the loss"}
        root = engine_graph.gradient_edge(tensor)
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


def _short_list(values):
    text = ", ".join(short(v) for v in values[:6])
    return text + (", …" if len(values) > 6 else "")


def _received(contributions, grad):
    """An incoming gradient, with the contributions it is the sum of when several paths lead here."""
    entry = {"value": short_tensor(grad) if grad is not None else None}
    if contributions and len(contributions) > 1:
        entry["sum_of"] = contributions
    return entry


def _leaf_nodes(root):
    """The AccumulateGrad nodes reachable from ``root``, in export order."""
    from torch.autograd.graph import AccumulateGrad
    from torch.autograd.graph_export import walk
    order, _ = walk([root]) if root is not None else ([], [])
    return [node for node in order if isinstance(node, AccumulateGrad)]


def _export_ids(root):
    """id(node) -> its number in export_graph's answer for the same root."""
    from torch.autograd.graph_export import walk
    order, _ = walk([root]) if root is not None else ([], [])
    return {id(node): number for number, node in enumerate(order) if not isinstance(node, tuple)}


def _slot_inputs(node, inputs):
    """For each edge slot of a formula node, the name of the forward input it belongs to."""
    spans = getattr(node, "_spans", None) or (1,) * len(inputs)
    names = []
    for name, span in zip(inputs, spans):
        names.extend([name] * span)
    return names + [None] * (len(node._next) - len(names))


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
    """The formula for one input with the engine's values put in: `grad * other` and
    `403.429 · 3 = 1210.29`. Conditions on plain numbers (`alpha == 1`) are decided first."""
    lam, source = entry
    values = {"grad": grad, **saved}
    if isinstance(lam, ast.Name):  # a backward function of its own: show it called
        formula = f"{lam.id}({', '.join(params)})"
    else:
        formula = _segment(_decide_conditions(lam.body, values), source)
    result = {"input": input_name, "formula": formula}
    known = {p: values[p] for p in params if p in values and values[p] is not None}
    result["values"] = {p: short_tensor(v) for p, v in known.items()}
    if sent is not None and all(p in known for p in params if re.search(rf"\b{p}\b", formula)):
        filled = re.sub(r"\b(" + "|".join(map(re.escape, known)) + r")\b",
                        lambda m: short_tensor(known[m.group(1)]), formula) if known else formula
        result["product"] = filled.replace(" * ", " · ") + " = " + short_tensor(sent)
    return result


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
