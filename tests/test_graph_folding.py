"""How the graph panel folds a large graph (app/graph/layout.js, run in Node) for graphs exported by
the engine (app/py/course_graph.py): a training loop's 500 iterations fold into one box of repeats,
opened into a box per repeat, each opened into its modules; a model's different layers are
modules, not repeats."""
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app" / "py"))
sys.path.insert(0, str(ROOT / "pyengine"))
_spec = importlib.util.spec_from_file_location("folding_runner", ROOT / "app" / "py" / "runner.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)
import course_graph  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

# 500 training steps' losses summed into one graph: 6,007 nodes (the issue's 5,000-node graph)
TRAINING_LOOP = """import torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 16), torch.nn.Tanh(),
                            torch.nn.Linear(16, 1))
x, target = torch.randn(32, 4), torch.randn(32, 1)
y = torch.zeros(())
for step in range(500):
    y = y + torch.nn.functional.mse_loss(model(x), target)
"""

MLP = """import torch
model = torch.nn.Sequential(*[layer for _ in range(12) for layer in (torch.nn.Linear(8, 8), torch.nn.Tanh())])
y = model(torch.randn(4, 8)).pow(2).mean()
"""

# The drawn boxes of `graph` with the boxes in `expanded` opened, laid out as the panel does.
DRAWN = """
import { layout, nodeLines, visibleGraph } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { graph, expanded } = JSON.parse(input);
const drawn = layout(visibleGraph(graph, expanded, true));
console.log(JSON.stringify(drawn.nodes.map((entry) => ({ kind: entry.kind, group: entry.group, name: entry.name,
  lines: nodeLines(entry), size: entry.members?.length, placed: entry.x !== undefined }))));
"""


def exported(code):
    assert runner.run(code, [], lambda stream, text: None, {"graph": True})["error"] is None
    return course_graph.answer({"what": "graph", "name": "y"})


def drawn(graph, expanded=()):
    script = DRAWN % json.dumps((ROOT / "app" / "graph" / "layout.js").as_uri())
    out = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps({"graph": graph, "expanded": list(expanded)}),
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def training_graph():
    graph = exported(TRAINING_LOOP)
    assert len(graph["nodes"]) > 5000
    return graph


def test_a_training_loop_folds_its_iterations_into_one_box_with_a_count(training_graph):
    boxes = drawn(training_graph)
    assert len(boxes) <= 30 and all(box["placed"] for box in boxes)
    repeats = [box for box in boxes if box["kind"] == "group" and box["group"].startswith("repeat:")]
    assert len(repeats) == 1
    # the root's iteration stays drawn, and the first (it adds to torch.zeros, a constant) differs
    assert repeats[0]["name"].startswith("498× AddBackward0 + MseLossBackward0")
    assert repeats[0]["lines"][1].startswith("line 8, 10 ops each")  # the loop's line
    # the iterations left drawn are folded by module, each its own: the top one's boxes by the learner's names
    modules = sorted(box["group"] for box in boxes if box["kind"] == "group" and not box["group"].startswith("repeat:"))
    assert [box.split("@")[0] for box in modules] == ["model.0", "model.0", "model.2", "model.2", "model.4", "model.4"]
    assert {"model.0", "model.2", "model.4"} < set(modules)
    assert all(box["size"] == 4 for box in boxes if box.get("group") in modules)  # addmm, t and the two parameters


def test_an_opened_loop_shows_a_box_per_iteration_and_an_opened_iteration_its_modules(training_graph):
    repeat = next(box["group"] for box in drawn(training_graph) if box["kind"] == "group" and box["group"].startswith("repeat:"))
    opened = drawn(training_graph, [repeat])
    items = [box for box in opened if box["kind"] == "group" and box["group"].startswith("repeat-item:")]
    assert len(items) > 50 and len(opened) <= 121
    # the latest first; its 10 ops, 6 parameters and 2 inputs that get no gradient (x, target)
    assert items[0]["name"] == "repeat 498 of 498" and items[0]["size"] == 18
    assert any(box["name"].endswith(" more nodes") for box in opened)  # the rest on demand
    inside = drawn(training_graph, [repeat, items[0]["group"]])
    assert not any(box.get("group") == items[0]["group"] for box in inside)
    # its nodes, folded by module: model.0 of that iteration, not of the root's
    assert [box["name"] for box in inside if box.get("group", "").startswith(f"model.0@{repeat}#")] == ["model.0"]
    assert sum(box["name"] == "MseLossBackward0" for box in inside) == 2  # the root's and this iteration's


def test_a_models_different_layers_are_modules_not_repeats():
    boxes = drawn(exported(MLP))
    groups = [box["group"] for box in boxes if box["kind"] == "group"]
    assert sorted(groups) == sorted(f"model.{2 * k}" for k in range(12))
