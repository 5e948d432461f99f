"""The graph panel's data (app/py/course_graph.py over the engine's graph_export) against real
PyTorch: node names and next_functions edges of tests/graph/programs.py (expected.json comes from
real torch: tests/gen/gen_graphs.py), the stepper's numbers, and the float64 gradient check."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "graph"))
sys.path.insert(0, str(ROOT / "app" / "py"))
from programs import PROGRAMS, WRONG_FUNCTION, lesson_programs  # noqa: E402

_spec = importlib.util.spec_from_file_location("app_graph_runner", ROOT / "app" / "py" / "runner.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)
import course_graph  # noqa: E402

EXPECTED = json.loads((ROOT / "tests" / "graph" / "expected.json").read_text())["programs"]
LESSONS = lesson_programs()


def run_with_graph(code):
    result = runner.run(code, [], lambda stream, text: None, {"graph": True})
    assert result["error"] is None, result["error"]
    return result["graph"]


def as_structure(export):
    return {"nodes": [node["name"] for node in export["nodes"]],
            "edges": [[e["from"], e["to"], e["slot"], e["input_nr"]] for e in export["edges"]]}


# create_graph's backward of pow records PyTorch's pow_backward as our formula's ops (MulBackward0
# by a constant where PyTorch has MulBackward1): an engine difference, not the export's.
KNOWN_DIFFERENCES = {"second_order", "lesson:higher-order:example 1", "lesson:higher-order:example 2",
                     "lesson:higher-order:practice"}


def programs(names):
    return [pytest.param(name, marks=pytest.mark.xfail(strict=True)) if name in KNOWN_DIFFERENCES else name
            for name in sorted(names)]


def recorded_edge_gradients(recorder, call):
    """What each node sent along each edge in one recorded backward call, numbered as the export
    of the graph behind the call's (first) root numbers its nodes: [[node, slot, printed], ...]."""
    from torch.autograd.graph_export import walk
    order, _ = walk([call["roots"][0][0]])
    number = {id(node): k for k, node in enumerate(order) if not isinstance(node, tuple)}
    return [[number[id(node)], slot, repr(g)] for node, *_, grads_out in call["steps"]
            if isinstance(grads_out, list) for slot, g in enumerate(grads_out)]


@pytest.mark.parametrize("name", programs([*PROGRAMS, *LESSONS]))
def test_exported_graph_and_backward_gradients_are_pytorchs(name):
    """For every program here and every lesson's examples and practice solution: the panel's
    tensors, nodes and next_functions edges, and in the backward calls the recorder keeps, the
    gradient sent along each edge, as real PyTorch prints it."""
    expected = EXPECTED[name]
    code = {**PROGRAMS, **LESSONS}[name]
    listed = run_with_graph(code)["tensors"]
    assert sorted(t["name"] for t in listed if not t["name"].startswith(("backward()", "torch.func"))) == sorted(expected["roots"])
    for root, graph in expected["roots"].items():
        export = course_graph.answer({"what": "graph", "name": root})
        assert as_structure(export) == {"nodes": graph["nodes"], "edges": graph["edges"]}, root
    if "gradcheck(" in code:  # gradcheck's own backward calls are its implementation's, not the program's
        return
    if "torch.func" in code:  # real torch's hooks see functorch's wrapped tensors inside a transform
        return
    recorder = course_graph._session.recorder
    kept = list(recorder.backward_calls)
    assert recorder.backward_count == expected["backward_calls"]
    first_kept = expected["backward_calls"] - len(kept)
    for call in expected["backward"]:
        if call["call"] < first_kept or not call["sent"]:
            continue
        ours = kept[call["call"] - first_kept]
        assert sorted(recorded_edge_gradients(recorder, ours)) == sorted(call["sent"]), call["call"]


def test_saved_numbers_show_as_pytorch_prints_them():
    # a number given for a tensor input is saved by PyTorch as a wrapped tensor: tensor(3)
    run_with_graph(PROGRAMS["number_operands"])
    for root, expected in EXPECTED["number_operands"]["roots"].items():
        if expected["saved"]:
            saved = course_graph.answer({"what": "node", "name": root, "id": 0})["saved"]
            assert {name: saved[name]["repr"] for name in expected["saved"]} == expected["saved"], root


def test_export_labels_leaves_and_parameters_with_their_names_and_grads():
    run_with_graph(PROGRAMS["seed_example"])
    nodes = course_graph.answer({"what": "graph", "name": "z"})["nodes"]
    assert [(n["name"], n.get("label")) for n in nodes] == [
        ("ExpBackward0", "z"), ("MulBackward0", "y"), ("AccumulateGrad", "x"), ("constant", None)]
    # values come one node at a time, when the learner picks it: the graph's answer has none
    assert not any("grad" in n or "saved" in n for n in nodes)
    leaf = course_graph.answer({"what": "node", "name": "z", "id": 2})
    assert (leaf["label"], leaf["line"], leaf["tensor"]["value"]) == ("x", 3, 2.0)
    assert leaf["grad"]["value"] == pytest.approx(1210.2864)
    assert course_graph.answer({"what": "node", "name": "z", "id": 0})["saved"] == {"freed": True}  # after backward()
    assert "no node 4" in course_graph.answer({"what": "node", "name": "z", "id": 4})["error"]
    run_with_graph(PROGRAMS["mlp_step"])
    nodes = course_graph.answer({"what": "graph", "name": "loss"})["nodes"]
    leaves = {n["label"] for n in nodes if n["kind"] == "leaf"}
    assert leaves == {"0.weight", "0.bias", "2.weight", "2.bias"}  # as torchviz names them
    scopes = {tuple(n.get("scope", ())) for n in nodes if n["kind"] == "function"}
    assert ("model", "model.0") in scopes and ("model", "model.2") in scopes and () in scopes


def test_nodes_know_their_program_line_and_edges_their_input():
    run_with_graph(PROGRAMS["seed_practice"])  # line 4: a = x * x, line 5: b = a + x
    export = course_graph.answer({"what": "graph", "name": "b"})
    assert [(n["name"], n.get("label"), n.get("line")) for n in export["nodes"]] == [
        ("AddBackward0", "b", 5), ("MulBackward0", "a", 4), ("AccumulateGrad", "x", 3)]
    assert [(e["from"], e["to"], e["input"]) for e in export["edges"]] == [
        (0, 1, "self"), (1, 2, "self"), (1, 2, "other"), (0, 2, "other")]


def test_formula_values_go_where_the_formula_reads_them():
    run_with_graph("import torch\nx = torch.ones(1, 4, requires_grad=True)\nb = (x * x).sum()\nb.backward()\n")
    first = course_graph.answer({"what": "steps", "name": "b"})["steps"][0]["sends"][0]
    assert first["formula"] == "grad.expand(self.sym_sizes())"
    assert first["product"] == "(1).expand([1, 4]) = [1, 1, 1, 1]"
    assert first["grad"] == "tensor([[1., 1., 1., 1.]])"


def test_an_unnamed_backward_output_is_offered_and_errors_name_their_node():
    listed = run_with_graph("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n(x * x).sum().backward()\n")
    assert listed["tensors"] == [{"name": "backward() @ 3", "grad_fn": "SumBackward0", "shape": [], "scalar": True,
                                  "backward": True, "view": {"id": "forward", "kind": "forward"}}]
    assert course_graph.answer({"what": "gradcheck", "name": "backward() @ 3"})["passed"]
    result = runner.run("import torch\nx = torch.tensor(2.0, requires_grad=True)\ny = x * x\ny.backward()\ny.backward()\n",
                        [], lambda stream, text: None, {"graph": True})
    assert result["error"]["type"] == "RuntimeError"
    steps = course_graph.answer({"what": "steps", "name": "y"})
    assert steps["error"]["node"] == 0 and "second time" in steps["error"]["message"]


def test_stepper_shows_the_seed_products_with_the_engines_numbers():
    run_with_graph(PROGRAMS["seed_example"])
    steps = course_graph.answer({"what": "steps", "name": "z"})
    assert steps["source"] == "run"
    assert [s["name"] for s in steps["steps"]] == ["ExpBackward0", "MulBackward0", "AccumulateGrad"]
    exp, mul, leaf = steps["steps"]
    assert exp["sends"][0]["formula"] == "grad * result"
    assert exp["sends"][0]["product"] == "1 · 403.429 = 403.429"
    assert mul["sends"][0]["formula"] == "grad * other"
    assert mul["sends"][0]["product"] == "403.429 · 3 = 1210.29"
    assert leaf["accumulate"] == {"leaf": "x", "incoming": "1210.29", "before": None, "after": "1210.29"}


def test_stepper_adds_the_gradients_of_several_paths():
    run_with_graph(PROGRAMS["reuse_square"])
    mul, leaf = course_graph.answer({"what": "steps", "name": "y"})["steps"]
    assert [s["product"] for s in mul["sends"]] == ["1 · 3 = 3", "1 · 3 = 3"]
    assert leaf["incoming"][0] == {"value": "6", "grad": "tensor(6.)", "sum_of": [
        {"from": 0, "input": "self", "value": "3"}, {"from": 0, "input": "other", "value": "3"}]}


def test_stepper_dry_run_leaves_the_learners_tensors_alone():
    graph = run_with_graph("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                           "y = (x * 2).sum()\ny.retain_grad()\nx.register_hook(print)\n")
    assert [t["name"] for t in graph["tensors"]] == ["y"]  # the tensors with a grad_fn
    steps = course_graph.answer({"what": "steps", "name": "y"})
    assert steps["source"] == "dry-run"
    assert steps["steps"][-1]["accumulate"]["incoming"] == "[2, 2]"
    namespace = course_graph._session.namespace
    assert namespace["x"].grad is None and namespace["y"].grad is None
    assert namespace["x"]._version == 0


def test_gradcheck_passes_for_real_ops_and_fails_for_a_wrong_function():
    run_with_graph(PROGRAMS["mlp_step"])
    check = course_graph.answer({"what": "gradcheck", "name": "loss"})
    assert check["passed"] and len(check["leaves"]) == 4
    run_with_graph(WRONG_FUNCTION)
    check = course_graph.answer({"what": "gradcheck", "name": "y"})
    assert not check["passed"]
    assert check["leaves"][0]["autograd"] == "2, 4" and check["leaves"][0]["numeric"] == "3, 12"


def test_the_next_run_drops_the_recorded_graph():
    run_with_graph(PROGRAMS["seed_example"])
    runner.run("pass", [], lambda stream, text: None)
    assert "no recorded run" in course_graph.answer({"what": "graph", "name": "z"})["error"]


def test_recording_changes_no_output_value_gradient_or_version():
    code = PROGRAMS["mlp_step"] + PROGRAMS["inplace_history"] + (
        "print(loss.item(), [p.grad.sum().item() for p in model.parameters()], a._version, x.grad)\n"
        "s.backward()\nprint(x.grad, torch.randn(2))\n")
    plain, recorded = [], []
    assert runner.run(code, [], lambda stream, text: plain.append(text))["error"] is None
    assert runner.run(code, [], lambda stream, text: recorded.append(text), {"graph": True})["error"] is None
    assert recorded == plain
    namespace = course_graph._session.namespace
    versions = {name: t._version for name, t in namespace.items() if isinstance(t, torch.Tensor)}
    grads = [p.grad.tolist() for p in namespace["model"].parameters()]
    for what in ("graph", "steps", "gradcheck"):
        course_graph.answer({"what": what, "name": "loss"})
        course_graph.answer({"what": what, "name": "s"})
    assert {name: t._version for name, t in namespace.items() if isinstance(t, torch.Tensor)} == versions
    assert [p.grad.tolist() for p in namespace["model"].parameters()] == grads


def test_the_recorded_tensors_are_freed_when_the_next_run_starts():
    import gc
    import weakref
    run_with_graph(PROGRAMS["linear_step"])
    course_graph.answer({"what": "steps", "name": "loss"})
    loss = weakref.ref(course_graph._session.namespace["loss"])
    runner.run("pass", [], lambda stream, text: None)
    gc.collect()
    assert loss() is None


def test_global_module_forward_hooks_run_before_each_modules_own():
    from torch.nn.modules import module
    calls = []
    layer = torch.nn.Linear(2, 2)
    layer.register_forward_pre_hook(lambda m, args: calls.append("own pre"))
    layer.register_forward_hook(lambda m, args, out: calls.append("own"))
    handles = [module.register_module_forward_pre_hook(lambda m, args: calls.append("global pre")),
               module.register_module_forward_hook(lambda m, args, out: calls.append("global"))]
    layer(torch.ones(2))
    for handle in handles:
        handle.remove()
    layer(torch.ones(2))
    assert calls == ["global pre", "own pre", "global", "own", "own pre", "own"]



def test_a_recorded_run_names_the_module_each_node_came_from():
    # The recorder's module hooks are installed after the run's per-process state is reset.
    run_with_graph("import torch\nmodel = torch.nn.Linear(2, 1)\ny = model(torch.ones(2)).sum()")
    nodes = course_graph.answer({"what": "graph", "name": "y"})["nodes"]
    assert ["model"] in [node.get("scope") for node in nodes]


def test_recorded_graph_shows_forward_mode_tangents_with_their_level():
    graph = run_with_graph(
        "import torch\nimport torch.autograd.forward_ad as fwAD\n"
        "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
        "with fwAD.dual_level():\n"
        "    d = fwAD.make_dual(x, torch.tensor([1.0, 0.5]))\n"
        "    y = (d * d).sum()\n")
    assert "y" in [t["name"] for t in graph["tensors"]]
    nodes = course_graph.answer({"what": "graph", "name": "y"})["nodes"]
    assert [n["name"] for n in nodes[:3]] == ["SumBackward0", "MulBackward0", "ViewBackward0"]
    tangent = nodes[0]["tensor"]["tangent"]  # recorded in the level: the program has left it since
    # the tangent has a history of its own (the primal requires grad), as PyTorch's does
    assert (tangent["value"], tangent["repr"], tangent["level"]) == (4.0, "tensor(4., grad_fn=<SumBackward0>)", 0)
    assert nodes[2]["tensor"]["tangent"]["value"] == [1.0, 0.5]
    from torch.autograd.graph_export import export_tangents
    duals = export_tangents(course_graph._session.recorder, course_graph._session.names)
    assert [(d["label"], d["tensor"]["tangent"]["repr"]) for d in duals] == [
        ("d", "tensor([1.0000, 0.5000])"), (None, "tensor([2., 2.], grad_fn=<AddBackward0>)"),
        ("y", "tensor(4., grad_fn=<SumBackward0>)")]


@pytest.mark.parametrize("name", ["branching", "mlp_step", "loop", "hooks", "branching_backward"])
def test_the_stepper_describes_steps_as_far_as_asked_and_the_same_as_all_at_once(name):
    """The panel asks for the first steps, then for more as the learner steps on: the steps, in
    pieces, are those described in one go (sums of several paths included), and a dry run (a
    tensor nobody ran backward from) counts as many steps as it makes."""
    listed = run_with_graph(PROGRAMS[name])["tensors"]
    session = course_graph._session
    for tensor in listed:
        whole = course_graph.answer({"what": "steps", "name": tensor["name"], "end": 10 ** 6})
        session._steppers.clear()
        pieces, first = [], 0
        while first < whole["count"]:
            part = course_graph.answer({"what": "steps", "name": tensor["name"], "first": first, "end": first + 2})
            assert part["first"] == first and part["count"] == whole["count"]
            pieces += part["steps"]
            first += 2
        assert pieces == whole["steps"] and len(pieces) == whole["count"], tensor["name"]


def test_opening_the_stepper_on_a_large_graph_describes_only_its_first_steps():
    run_with_graph("import torch\nx = torch.tensor(0.5, requires_grad=True)\ny = x\n"
                   "for _ in range(3000):\n    y = y.sin()\n")
    first = course_graph.answer({"what": "steps", "name": "y"})
    assert first["source"] == "dry-run" and first["count"] == 3001
    assert len(first["steps"]) == course_graph.STEPS_CHUNK
    assert len(course_graph._session._steppers["y"]["call"]["steps"]) == course_graph.STEPS_CHUNK  # the dry run stopped there
    last = course_graph.answer({"what": "steps", "name": "y", "first": 3000, "end": 3001})["steps"]
    assert last[0]["accumulate"]["leaf"] == "x"


def test_a_gradient_built_with_create_graph_is_its_own_view_and_its_nodes_say_so():
    listed = {t["name"]: t for t in run_with_graph(PROGRAMS["create_graph"])["tensors"]}
    assert listed["y"]["view"] == {"id": "forward", "kind": "forward"}
    assert listed["g"]["view"] == {"id": "gradient:1:5", "kind": "gradient", "order": 1, "line": 5,
                                   "code": "g, = torch.autograd.grad(y, x, create_graph=True)"}
    nodes = course_graph.answer({"what": "graph", "name": "g"})["nodes"]
    made_by_backward = {(n["name"], n.get("line")) for n in nodes if n.get("order") == 1}
    from_forward = {(n["name"], n.get("line")) for n in nodes if n["kind"] == "function" and "order" not in n}
    assert made_by_backward == {("AddBackward0", 5), ("MulBackward0", 5)}
    assert from_forward == {("MulBackward0", 4)}  # x * x, whose saved values the gradient reads
    assert all("order" not in n for n in course_graph.answer({"what": "graph", "name": "y"})["nodes"])


def test_the_gradient_of_a_gradient_is_a_view_of_order_two():
    listed = {t["name"]: t["view"] for t in run_with_graph(
        "import torch\nx = torch.tensor(1.5, requires_grad=True)\ny = x ** 4\n"
        "g, = torch.autograd.grad(y, x, create_graph=True)\nh, = torch.autograd.grad(g, x, create_graph=True)\n")["tensors"]}
    assert [(v["kind"], v.get("order"), v.get("line")) for v in listed.values()] == [
        ("forward", None, None), ("gradient", 1, 4), ("gradient", 2, 5)]
    orders = {(n["name"], n.get("order", 0)) for n in course_graph.answer({"what": "graph", "name": "h"})["nodes"]
              if n["kind"] == "function"}
    assert orders == {("MulBackward0", 2), ("PowBackward0", 2)}  # h's graph: all made differentiating g


FUNC_PROGRAM = """import torch
from torch.func import grad, vmap, jvp

def f(x):
    return (x ** 3).sum()

x = torch.tensor([1.0, 2.0])
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w * 2).sum()
gg = grad(lambda x: grad(f)(x).sum())(x)
v = vmap(grad(f))(torch.ones(3, 2))
out, tangent = jvp(torch.sin, (w,), (torch.ones(2),))
loss.backward()
"""


def test_torch_func_transforms_graphs_are_views_of_their_own_named_by_their_line():
    listed = {t["name"]: t for t in run_with_graph(FUNC_PROGRAM)["tensors"]}
    assert listed["loss"]["view"]["kind"] == "forward" and listed["loss"]["backward"]  # the program's own call
    inner = {name: t["view"] for name, t in listed.items() if name.startswith("torch.func")}
    # grad(grad(f)) runs two backward passes on line 10, vmap(grad(f)) one on line 11
    assert sorted(inner) == ["torch.func @ 10", "torch.func @ 10 #2", "torch.func @ 11"]
    assert inner["torch.func @ 10"]["transforms"] == ["grad", "grad"] and inner["torch.func @ 10 #2"]["transforms"] == ["grad"]
    assert inner["torch.func @ 11"] == {"id": "func:11", "kind": "func", "line": 11, "transforms": ["vmap", "grad"],
                                        "code": "v = vmap(grad(f))(torch.ones(3, 2))"}
    assert listed["tangent"]["view"]["transforms"] == ["jvp"]
    assert not any(t["backward"] for name, t in listed.items() if name != "loss")
    assert course_graph.answer({"what": "steps", "name": "torch.func @ 11"})["source"] == "transform"


FUNC_CALLS = """import torch
from torch.func import grad, vmap
per_example = vmap(grad(lambda v: (v ** 3).sum()))(torch.ones(3, 2))
w = torch.tensor([1.0, 2.0])
for step in range(6):
    g = grad(lambda p: (p * p).sum())(w)
"""


def test_every_transforms_backward_pass_is_kept_and_its_input_leaf_named():
    listed = run_with_graph(FUNC_CALLS)
    assert [t["name"] for t in listed["tensors"]] == ["torch.func @ 3", "torch.func @ 6"] + [
        f"torch.func @ 6 #{k}" for k in range(2, 7)]
    assert "transforms_dropped" not in listed

    def leaves(name):
        nodes = course_graph.answer({"what": "graph", "name": name})["nodes"]
        return [(n.get("label"), n.get("line")) for n in nodes if n["kind"] == "leaf"]
    # an unnamed input: the function's parameter; a named one: the program's name and line
    assert leaves("torch.func @ 3") == [("v", None)]
    assert leaves("torch.func @ 6") == leaves("torch.func @ 6 #6") == [("w", 4)]
    steps = course_graph.answer({"what": "steps", "name": "torch.func @ 6 #2"})
    assert steps["source"] == "transform" and steps["count"] == 3


def test_transforms_backward_passes_past_the_bound_are_counted_not_kept(monkeypatch):
    from torch.autograd import graph_export
    # a call is kept while those kept hold fewer than 7 steps: the vmap call (3 steps), two of the loop (3 each)
    monkeypatch.setattr(graph_export, "KEPT_TRANSFORM_STEPS", 7)
    listed = run_with_graph(FUNC_CALLS)
    assert [t["name"] for t in listed["tensors"]] == ["torch.func @ 3", "torch.func @ 6", "torch.func @ 6 #2"]
    assert listed["transforms_dropped"] == {"kept": 3, "steps": 9, "dropped": 4}


JVP_AND_JACFWD = """import torch
from torch.func import jvp, jacfwd
x = torch.tensor([1.0, 2.0])
for k in range(2):
    out, t = jvp(lambda v: (v * v).sin(), (x,), (torch.ones(2),))
J = jacfwd(torch.sin)(x)
"""


def test_forward_mode_transforms_record_each_tangent_with_its_op_sources_call_and_line():
    listed = run_with_graph(JVP_AND_JACFWD)
    assert listed["tensors"] == []  # forward mode builds no graph backward could walk
    assert listed["transforms"] == [
        {"line": 5, "code": "out, t = jvp(lambda v: (v * v).sin(), (x,), (torch.ones(2),))", "calls": 2, "kinds": ["jvp"]},
        {"line": 6, "code": "J = jacfwd(torch.sin)(x)", "calls": 1, "kinds": ["vmap", "jvp"]}]
    duals = listed["tangents"]
    assert [(d["number"], d["op"], d["sources"], d["transform"], d["call"]) for d in duals] == [
        (0, "make_dual", [], 5, 1), (1, "mul", [0, 0], 5, 1), (2, "sin", [1], 5, 1),
        (3, "make_dual", [], 5, 2), (4, "mul", [3, 3], 5, 2), (5, "sin", [4], 5, 2),
        (6, "make_dual", [], 6, 1), (7, "sin", [6], 6, 1)]
    # real torch 2.13's: jvp's tangent cos(v * v) * 2v, and jacfwd(torch.sin)(x) (its batch of basis tangents)
    assert duals[5]["tensor"]["tangent"]["repr"] == "tensor([ 1.0806, -2.6146])"
    # (float32 cos(1) is one ulp below torch's here: the engine's cos, not the export)
    assert duals[7]["tensor"]["tangent"]["value"] == [[pytest.approx(0.5403023362159729, rel=1e-6), 0.0],
                                                      [0.0, pytest.approx(-0.416146844625473, rel=1e-6)]]


def test_a_transforms_input_leaf_carries_the_gradient_the_transform_returned():
    run_with_graph("import torch\nfrom torch.func import grad\nw = torch.tensor([1.0, 2.0])\n"
                   "g = grad(lambda p: (p ** 3).sum())(w)\n")
    nodes = course_graph.answer({"what": "graph", "name": "torch.func @ 4"})["nodes"]
    leaf = next(n["id"] for n in nodes if n["kind"] == "leaf")
    details = course_graph.answer({"what": "node", "name": "torch.func @ 4", "id": leaf})
    assert details["transform_grad"] == "tensor([ 3., 12.])"  # real torch's grad(f)(w)
    assert "grad" not in details  # torch.func never accumulates into .grad
    last = course_graph.answer({"what": "steps", "name": "torch.func @ 4"})["steps"][-1]
    assert last["accumulate"] == {"leaf": "w", "incoming": "[3, 12]", "note": "transform"}


def test_a_tangent_written_in_place_is_not_taken_for_make_duals():
    listed = run_with_graph("import torch\nimport torch.autograd.forward_ad as fwAD\nwith fwAD.dual_level():\n"
                            "    d = fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.ones(2))\n"
                            "    acc = torch.zeros(2)\n    acc.add_(d * 3)\n")
    assert [(t["label"], t["op"], t["sources"]) for t in listed["tangents"]] == [
        ("d", "make_dual", []), (None, "mul", [0]), (None, "add", [1]), ("acc", None, [])]
    assert [t["tensor"]["tangent"]["repr"] for t in listed["tangents"]][-1] == "tensor([3., 3.])"  # real torch's
