"""The graph panel (views/graph.js) and the mistake notes (mistakes.js) in Chromium, on the seed lesson.
Structures and gradients are checked against tests/graph/expected.json (real PyTorch, recorded by
tests/gen/gen_graphs.py)."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "graph"))
from programs import PROGRAMS, WRONG_FUNCTION  # noqa: E402

EXPECTED = json.loads((Path(__file__).resolve().parents[1] / "graph" / "expected.json").read_text())["programs"]

MISTAKES = {
    "backward-twice": "import torch\nx = torch.tensor(2.0, requires_grad=True)\ny = x * x\ny.backward()\ny.backward()\n",
    "non-scalar-backward": "import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n(x * 2).backward()\n",
    "inplace-leaf": "import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\nx.add_(1)\n",
    "modified-saved": "import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x.exp()\ny.add_(1)\ny.sum().backward()\n",
    "nonleaf-grad": "import torch\nx = torch.tensor(2.0, requires_grad=True)\ny = x * 3\ny.backward()\nprint(y.grad)\n",
    "zero-grad": ("import torch\nw = torch.tensor(1.0, requires_grad=True)\nfor step in range(3):\n"
                  "    loss = (w * 2 - 1) ** 2\n    loss.backward()\n    with torch.no_grad():\n        w -= 0.1 * w.grad\n"
                  "    print(w.grad.item())\n"),
    "integer-requires-grad": "import torch\nx = torch.tensor([1, 2], requires_grad=True)\n",
}


@pytest.fixture(scope="module")
def page(lesson_app):
    return lesson_app.page


def open_panel(page, scope):
    """Opens the graph panel inside `scope` (which runs the program again) and waits for the graph."""
    scope.locator('[data-testid="graph-toggle"]').click()
    scope.locator('[data-testid="graph-node"]').first.wait_for()
    return scope.locator('[data-testid="graph-panel"]')


def run_with_panel_open(lesson_app, page, code):
    """Runs `code` as the practice with its graph panel open (opening it runs the program)."""
    practice = page.locator(".practice")
    lesson_app.set_code(code)
    toggle = practice.locator('[data-testid="graph-toggle"]')
    if toggle.get_attribute("aria-expanded") == "true":
        lesson_app.run()
    else:
        toggle.click()
    return practice


def test_panel_draws_the_seed_graph_with_names_leaf_grad_and_text_alternative(page):
    example = page.locator('[data-testid="example"]').nth(1)  # z.backward(), after the first example
    panel = open_panel(page, example)
    assert panel.locator('[data-testid="graph-tensor"]').input_value() == "z"
    drawn = panel.locator('[data-testid="graph-node"]')
    names = sorted(drawn.evaluate_all("nodes => nodes.map(n => n.dataset.name)"))
    assert names == ["AccumulateGrad", "ExpBackward0", "MulBackward0", "constant"]
    assert "x" in panel.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]').text_content()
    panel.locator('[data-testid="graph-text-toggle"] summary').click()
    panel.locator('[data-testid="graph-text-node"]').first.wait_for()  # the list is built when it opens
    listed = panel.locator('[data-testid="graph-text-node"]').evaluate_all("nodes => nodes.map(n => n.dataset.name)")
    assert sorted(listed) == names
    panel.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]').click()
    assert panel.locator('[data-testid="graph-leaf-grad"]').text_content().strip().endswith("= 1210.29")
    panel.locator('[data-testid="graph-node"][data-name="MulBackward0"]').click()
    # z.backward() freed what the nodes saved (y = x * 3 saved the 3 as a tensor, as PyTorch does)
    assert "freed by backward()" in panel.locator('[data-testid="graph-details"][data-name="MulBackward0"][data-state="ready"]').text_content()


def test_stepper_walks_backward_with_the_engines_products(page):
    panel = page.locator('[data-testid="example"]').nth(1).locator('[data-testid="graph-panel"]')
    step = panel.locator('[data-testid="graph-step"]')
    products = []
    for n in range(3):
        products.append(step.locator('[data-testid="graph-step-product"]').first.text_content().strip())
        current = panel.locator(".graph-node.current").get_attribute("data-name")
        assert current == ["ExpBackward0", "MulBackward0", "AccumulateGrad"][n]
        if n < 2:
            step.locator('[data-testid="graph-step-next"]').click()
    assert products == ["1 · 403.429 = 403.429", "403.429 · 3 = 1210.29", "x.grad = 1210.29"]


def test_gradcheck_passes_for_the_seed(page):
    panel = page.locator('[data-testid="example"]').nth(1).locator('[data-testid="graph-panel"]')
    panel.locator('[data-testid="gradcheck"]').click()
    page.wait_for_selector('[data-testid="example"] [data-testid="gradcheck"][data-state="pass"]')
    assert "✓" in panel.locator('[data-testid="gradcheck-result"] tbody tr').text_content()


def test_the_graph_zooms_and_pans(page):
    panel = page.locator('[data-testid="example"]').nth(1).locator('[data-testid="graph-panel"]')
    svg = panel.locator('[data-testid="graph-svg"]')
    canvas = panel.locator('[data-testid="graph-canvas"]')
    width = float(svg.get_attribute("data-width"))
    for _ in range(5):
        panel.locator('[data-testid="graph-zoom-in"]').click()
    assert float(svg.get_attribute("width")) == pytest.approx(width * 1.25 ** 5)
    # dragging the background 30 px up and left scrolls the drawing as far (where it overflows)
    scroll = "c => [c.scrollLeft, c.scrollTop]"
    expected = canvas.evaluate("c => [Math.min(c.scrollLeft + 30, c.scrollWidth - c.clientWidth),"
                               " Math.min(c.scrollTop + 30, c.scrollHeight - c.clientHeight)]")
    assert expected != canvas.evaluate(scroll)
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + 40, box["y"] + 40)
    assert page.evaluate("([x, y]) => !document.elementFromPoint(x, y).closest('.graph-node')", [box["x"] + 40, box["y"] + 40])
    page.mouse.down()
    page.mouse.move(box["x"] + 10, box["y"] + 10, steps=3)
    page.mouse.up()
    assert canvas.evaluate(scroll) == pytest.approx(expected, abs=1)
    panel.locator('[data-testid="graph-zoom-reset"]').click()
    assert float(svg.get_attribute("width")) <= canvas.evaluate("c => c.clientWidth")


def test_gradcheck_fails_visibly_for_a_wrong_function_and_paths_are_summed(lesson_app, page):
    practice = page.locator(".practice")
    lesson_app.set_code(WRONG_FUNCTION)
    open_panel(page, practice)
    practice.locator('[data-testid="gradcheck"]').click()
    page.wait_for_selector('.practice [data-testid="gradcheck"][data-state="fail"]')
    row = practice.locator('[data-testid="gradcheck-result"] tbody tr')
    assert row.get_attribute("data-state") == "fail" and "3, 12" in row.text_content()
    # the panel stays open: the next run is recorded at once
    lesson_app.run("import torch\nx = torch.tensor(1.0, requires_grad=True)\ny = x * x\ny.backward()\n")
    practice.locator('[data-testid="graph-node"]').first.wait_for()
    practice.locator('[data-testid="graph-step-next"]').click()
    assert practice.locator('[data-testid="graph-step-incoming"]').text_content() == "1 + 1 = 2"


def test_a_node_shows_what_it_saved_while_the_graph_is_retained(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, "import torch\nx = torch.tensor(2.0, requires_grad=True)\n"
                                   "y = x * 3\nz = y.exp()\nz.backward(retain_graph=True)\n")
    practice.locator('[data-testid="graph-node"][data-name="MulBackward0"]').click()
    details = practice.locator('[data-testid="graph-details"][data-name="MulBackward0"][data-state="ready"]').text_content()
    assert "_saved_other" in details and "tensor(3)" in details, details


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_classic_mistakes_get_an_explanation_and_a_lesson_link(lesson_app, page, mistake):
    lesson_app.run(MISTAKES[mistake])
    note = page.locator('.practice [data-testid="mistake"]')
    assert note.get_attribute("data-mistake") == mistake
    assert note.locator('[data-testid="mistake-lesson"]').get_attribute("href").startswith("#/lesson/")


def test_a_correct_program_gets_no_mistake_note(lesson_app, page):
    lesson_app.run("import torch\nx = torch.tensor(2.0, requires_grad=True)\n(x * x).backward()\nprint(x.grad)\n")
    assert page.locator('.practice [data-testid="mistake"]').count() == 0


MLP_STEP = """import torch
torch.manual_seed(0)
model = torch.nn.Sequential(*[layer for _ in range(12) for layer in (torch.nn.Linear(8, 8), torch.nn.Tanh())])
x = torch.randn(4, 8)
loss = model(x).pow(2).mean()
chain = x.sum().requires_grad_()
for _ in range(70):
    chain = chain.sin()
"""


def test_a_large_graph_starts_collapsed_by_module_and_chain_and_opens_on_click(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, MLP_STEP)
    groups = practice.locator('[data-testid="graph-group"]')
    page.wait_for_selector('.practice [data-testid="graph-group"][data-name="SinBackward0 ×70"]')  # chain: the last scalar
    practice.locator('[data-testid="graph-tensor"]').select_option("loss")
    page.wait_for_selector('.practice [data-testid="graph-group"][data-name="model.0"]')
    assert groups.count() == 12  # one box per Linear layer; each Tanh is a single node, drawn as it is
    before = practice.locator('[data-testid="graph-node"]').count()
    practice.locator('[data-testid="graph-group"][data-name="model.0"]').click()
    page.wait_for_function("n => document.querySelectorAll('.practice [data-testid=\"graph-node\"]').length > n", arg=before)
    assert practice.locator('[data-testid="graph-node"][data-name="AddmmBackward0"]').count() == 1


SUM_OF_SQUARES = """import torch
x = torch.linspace(-1, 1, 60).requires_grad_()
y = x[0] * x[0]
for i in range(1, 60):
    y = y + x[i] * x[i]
"""

# A hand-written recurrent loop: each step branches (tanh and sigmoid of the same sum).
UNROLLED_LOOP = """import torch
torch.manual_seed(0)
W = torch.randn(3, 3, requires_grad=True)
xs = torch.randn(20, 3)
h = torch.zeros(3)
for t in range(20):
    a = W @ h + xs[t]
    h = a.tanh() * a.sigmoid()
loss = h.sum()
"""

BOXES = '.practice [data-testid="graph-node"], .practice [data-testid="graph-group"]'


def test_a_repeated_motif_folds_into_one_box_with_a_count_and_opens_on_click(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, SUM_OF_SQUARES)
    repeat = practice.locator('[data-testid="graph-group"][data-name*="× AddBackward0 + MulBackward0"]')
    repeat.wait_for()
    assert page.locator(BOXES).count() < 20
    assert repeat.text_content().strip().startswith(repeat.get_attribute("data-name"))  # the count is drawn
    assert "line 5" in repeat.text_content()  # the loop's line
    repeat.click()
    # opened, the 58 terms are more than a drawing holds at once: a box per term, each opening in turn
    term = practice.locator('[data-testid="graph-group"][data-name="repeat 58 of 58"]')
    term.wait_for()
    assert practice.locator('[data-testid="graph-group"][data-name^="repeat "]').count() == 58
    leaves = practice.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]').count()
    term.click()
    page.wait_for_function("n => document.querySelectorAll('.practice [data-testid=\"graph-node\"][data-name=\"AccumulateGrad\"]').length == n + 2", arg=leaves)


def test_an_unrolled_loop_with_branches_folds_into_one_box(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, UNROLLED_LOOP)
    repeat = practice.locator('[data-testid="graph-group"][data-name*="× MulBackward0"]')
    repeat.wait_for()
    folded = page.locator(BOXES).count()
    assert folded < 20 and practice.locator('[data-testid="graph-node"][data-name="MvBackward0"]').count() == 1
    repeat.click()
    page.wait_for_function("n => document.querySelectorAll('.practice [data-testid=\"graph-node\"][data-name=\"MvBackward0\"]').length > n", arg=1)


def test_the_panel_follows_a_language_switch_made_after_it_loaded(open_app, seed):
    app = open_app(locale="en-US")
    page = app.open(f"#/lesson/{seed['id']}")
    panel = open_panel(page, page.locator('[data-testid="example"]').first)
    assert panel.locator("h3").inner_text() == "Autograd graph"
    page.select_option('[data-testid="language"]', "tr")
    page.wait_for_function("() => document.documentElement.lang === 'tr'")
    panel = page.locator('[data-testid="example"]').first.locator('[data-testid="graph-panel"]')
    assert panel.locator("h3").inner_text() == "Autograd grafiği"


# ---- exact structure, the chain rule's numbers, the code's lines (issue 32) -----------------------

def edges_of(scope):
    return scope.locator('[data-testid="graph-edge"]').evaluate_all(
        "es => es.map(e => ({from: +e.dataset.from, to: +e.dataset.to, slot: +e.dataset.slot, input: e.dataset.input,"
        " grad: e.dataset.grad ?? null, points: e.querySelector('polyline').getAttribute('points')}))")


def wait_for_steps(page):
    page.wait_for_selector('.practice [data-testid="graph-step"]')


def test_x_times_x_draws_two_edges_apart_labelled_self_and_other(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, PROGRAMS["reuse_square"])
    wait_for_steps(page)
    expected = EXPECTED["reuse_square"]["roots"]["y"]
    drawn = edges_of(practice)
    assert sorted([e["from"], e["to"], e["slot"]] for e in drawn) == sorted(e[:3] for e in expected["edges"])
    assert sorted(e["input"] for e in drawn) == ["other", "self"]
    assert drawn[0]["points"] != drawn[1]["points"]  # drawn apart
    labels = practice.locator('.graph-edge-group text.edge-label')
    assert sorted(labels.all_text_contents()) == ["other", "self"]
    left, right = sorted((labels.nth(k).bounding_box() for k in range(2)), key=lambda box: box["x"])
    assert left["x"] + left["width"] <= right["x"]  # readable side by side, not "selother"
    leaf = practice.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]')
    assert leaf.get_attribute("data-label") == "x" and leaf.get_attribute("data-line") == "3"
    mul = practice.locator('[data-testid="graph-node"][data-name="MulBackward0"]')
    assert mul.get_attribute("data-label") == "y" and mul.get_attribute("data-line") == "4"
    assert mul.get_attribute("data-node-id") == "0"
    practice.locator('[data-testid="graph-step-next"]').click()
    summed = practice.locator('[data-testid="graph-step"] .help').last.text_content()
    assert "[self]" in summed and "[other]" in summed  # not "MulBackward0 (y) and MulBackward0 (y)"


def test_the_gradients_beside_parallel_edges_stay_inside_the_drawing(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, "import torch\nx = torch.tensor([1., 2., 3.], requires_grad=True)\n"
                                   "y = (x * x).sum()\ny.backward()\n")
    wait_for_steps(page)
    practice.locator('[data-testid="graph-step-next"]').focus()
    page.keyboard.press("End")
    grads = practice.locator('.graph-edge-group text.edge-grad')
    grads.first.wait_for()
    drawing = practice.locator('[data-testid="graph-svg"]').bounding_box()
    assert grads.count() >= 2
    for k in range(grads.count()):  # the left edge's gradient is written leftwards from its line
        box = grads.nth(k).bounding_box()
        assert drawing["x"] <= box["x"] and box["x"] + box["width"] <= drawing["x"] + drawing["width"]


# Programs with a backward() call: after the last step, every edge carries the gradient real
# PyTorch's node hooks saw along it, as PyTorch prints it.
@pytest.mark.parametrize("name", ["reuse_square", "branching_backward", "loop", "mlp_step", "custom_function",
                                  "hooks", "create_graph", "seed_example"])
def test_every_edge_shows_the_gradient_pytorch_sends_along_it(lesson_app, page, name):
    practice = run_with_panel_open(lesson_app, page, PROGRAMS[name])
    wait_for_steps(page)
    last_call = EXPECTED[name]["backward"][-1]
    expected = {(node, slot): grad for node, slot, grad in last_call["sent"]}  # "None" to a constant, too
    practice.locator('[data-testid="graph-step-next"]').focus()
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-step-next]').disabled")
    shown = {(e["from"], e["slot"]): e["grad"] for e in edges_of(practice) if e["grad"] is not None}
    assert shown == expected
    assert practice.locator('[data-testid="graph-node-grad"]').count() >= 1


def test_the_stepper_substitutes_values_where_the_formula_reads_them(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, "import torch\nx = torch.ones(1, 4, requires_grad=True)\n"
                                   "a = x * 2\nb = (a * a).sum()\nb.backward()\n")
    wait_for_steps(page)
    step = practice.locator('[data-testid="graph-step"]')
    assert step.locator('[data-testid="graph-step-formula"]').first.text_content() == "grad.expand(self.sym_sizes())"
    assert step.locator('[data-testid="graph-step-product"]').first.text_content() == "(1).expand([1, 4]) = [1, 1, 1, 1]"
    edge = practice.locator('[data-testid="graph-edge"][data-from="0"]')
    assert edge.get_attribute("data-grad") == "tensor([[1., 1., 1., 1.]])"


def test_a_constant_input_is_drawn_as_no_gradient(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, PROGRAMS["seed_example"])
    wait_for_steps(page)
    assert "no gradient" in practice.locator('[data-testid="graph-node"][data-name="constant"]').text_content()
    practice.locator('[data-testid="graph-step-next"]').click()
    assert "no gradient" in practice.locator('[data-testid="graph-step-none"]').text_content()


def test_hook_and_retain_grad_show_where_they_act(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, PROGRAMS["hooks"])
    wait_for_steps(page)
    practice.locator('[data-testid="graph-step-next"]').click()  # MulBackward0 (y), after SumBackward0
    assert "tensor([1., 1.]) → [10, 10]" in practice.locator('[data-testid="graph-step-hook"]').text_content()
    assert "y.grad = [10, 10]" in practice.locator('[data-testid="graph-step-retained"]').text_content()


def test_a_node_and_its_line_of_code_point_at_each_other(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, PROGRAMS["seed_example"])
    wait_for_steps(page)
    practice.locator('[data-testid="graph-node"][data-name="ExpBackward0"]').click()
    marked = practice.locator(".cm-graph-line")
    assert marked.text_content() == "z = y.exp()"
    assert practice.locator('[data-testid="graph-node-line"]').text_content() == "5"
    practice.locator(".cm-line").nth(3).click()  # line 4: y = x * 3
    linked = practice.locator('[data-testid="graph-node"].linked')
    linked.first.wait_for()
    assert linked.evaluate_all("ns => ns.map(n => n.dataset.name)") == ["MulBackward0"]


@pytest.mark.parametrize("mistake", ["backward-twice", "non-scalar-backward", "modified-saved"])
def test_an_error_in_backward_is_drawn_at_its_node_with_the_explanation(lesson_app, page, mistake):
    practice = run_with_panel_open(lesson_app, page, MISTAKES[mistake])
    failure = practice.locator('[data-testid="graph-error-node"]')
    failure.wait_for()
    assert failure.get_attribute("data-mistake") == mistake
    node = practice.locator(f'[data-testid="graph-node"][data-node-id="{failure.get_attribute("data-node")}"]')
    assert "error" in node.get_attribute("class").split()
    expected_node = {"backward-twice": "MulBackward0", "non-scalar-backward": "MulBackward0", "modified-saved": "ExpBackward0"}
    assert node.get_attribute("data-name") == expected_node[mistake]


def test_an_unnamed_custom_function_graph_is_offered_and_gradchecked(lesson_app, page):
    code = PROGRAMS["custom_function"].replace("y = Cube.apply(x).sum()\ny.backward()", "Cube.apply(x).sum().backward()")
    practice = run_with_panel_open(lesson_app, page, code)
    wait_for_steps(page)
    picker = practice.locator('[data-testid="graph-tensor"]')
    assert picker.input_value() == "backward() @ 13"
    assert "CubeBackward" in practice.locator('[data-testid="graph-node"]').evaluate_all("ns => ns.map(n => n.dataset.name)")
    practice.locator('[data-testid="gradcheck"]').click()
    page.wait_for_selector('.practice [data-testid="gradcheck"][data-state="pass"]')


def test_play_animates_the_backward_pass_and_pauses(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, PROGRAMS["mlp_step"])
    wait_for_steps(page)
    play = practice.locator('[data-testid="graph-play"]')
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    page.wait_for_function("() => +document.querySelector('.practice [data-testid=graph-step]').dataset.step >= 2")
    play.click()
    assert play.get_attribute("aria-pressed") == "false"
    paused = practice.locator('[data-testid="graph-step"]').get_attribute("data-step")
    page.wait_for_timeout(1500)
    assert practice.locator('[data-testid="graph-step"]').get_attribute("data-step") == paused
    practice.locator('[data-testid="graph-step-next"]').focus()
    page.keyboard.press("ArrowLeft")
    assert practice.locator('[data-testid="graph-step"]').get_attribute("data-step") == str(int(paused) - 1)


def test_show_graph_is_offered_only_where_the_run_built_one(lesson_app, page):
    practice = page.locator(".practice")
    toggle = practice.locator('[data-testid="graph-toggle"]')
    if toggle.get_attribute("aria-expanded") == "true":
        toggle.click()
    lesson_app.run("import torch\nprint(torch.ones(2) + 1)\n")
    assert toggle.count() == 0
    lesson_app.run(PROGRAMS["seed_example"])
    assert toggle.count() == 1


def test_on_a_phone_the_graph_fits_the_width(open_app, seed):
    app = open_app(viewport={"width": 390, "height": 844})
    page = app.open(f"#/lesson/{seed['id']}")
    practice = page.locator(".practice")
    app.set_code(PROGRAMS["mlp_step"])
    practice.locator('[data-testid="graph-toggle"]').click()
    practice.locator('[data-testid="graph-node"]').first.wait_for()
    canvas = practice.locator('[data-testid="graph-canvas"]')
    page.wait_for_function("() => { const c = document.querySelector('.practice [data-testid=graph-canvas]');"
                           " return c.querySelector('svg').getBoundingClientRect().width <= c.clientWidth + 1; }")
    assert canvas.evaluate("c => c.scrollWidth <= c.clientWidth + 1")


DUAL = """import torch
import torch.autograd.forward_ad as fwAD
x = torch.tensor([1.0, 2.0], requires_grad=True)
with fwAD.dual_level():
    d = fwAD.make_dual(x, torch.tensor([1.0, 0.5]))
    y = (d * d).sum()
"""


def real_tangents():
    """The tangents real PyTorch gives the program's dual tensors, in order (d, d * d, y)."""
    import torch  # real torch here: the oracle
    import torch.autograd.forward_ad as fwAD
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, torch.tensor([1.0, 0.5]))
        square = d * d
        y = square.sum()
        return [repr(fwAD.unpack_dual(t).tangent) for t in (d, square, y)]


def test_a_dual_tensor_program_shows_its_tangents_flowing_forward(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, DUAL)
    forward = practice.locator('[data-testid="graph-forward"]')
    forward.wait_for()
    listed = forward.locator('[data-testid="graph-tangent"]').evaluate_all(
        "items => items.map(i => [i.dataset.label, i.dataset.tangent])")
    assert [tangent for _, tangent in listed] == real_tangents()
    assert [label for label, _ in listed] == ["d", "", "y"]
    assert practice.locator('[data-testid="graph-node-tangent"]').count() >= 1


FUNC_GRADS = """import torch
from torch.func import grad, vmap
x = torch.tensor(2.0, requires_grad=True)
y = x * x
per_example = vmap(grad(lambda v: (v ** 3).sum()))(torch.ones(3, 2))
"""


def test_the_gradients_graph_and_a_transforms_graph_are_views_of_their_own(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, PROGRAMS["create_graph"])
    tabs = practice.locator('[data-testid="graph-view-tab"]')
    tabs.first.wait_for()
    assert tabs.evaluate_all("ts => ts.map(t => [t.dataset.kind, t.textContent.trim(), t.getAttribute('aria-pressed')])") == [
        ["forward", "Your program's graph", "false"], ["gradient", "Graph of the gradient (line 5)", "true"]]
    help_text = practice.locator('[data-testid="graph-view-help"]')
    assert "create_graph=True" in help_text.text_content()
    # the gradient's graph reuses x * x from the forward pass (line 4): drawn dashed, order 0
    reused = practice.locator('[data-testid="graph-node"].lower-order')
    assert reused.evaluate_all("ns => ns.map(n => [n.dataset.name, n.dataset.line, n.dataset.order])") == [["MulBackward0", "4", "0"]]
    tabs.first.click()
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-tensor]').value === 'y'")
    assert help_text.get_attribute("data-kind") == "forward"
    assert practice.locator('[data-testid="graph-node"].lower-order').count() == 0
    assert practice.locator('[data-testid="graph-tensor"] option').evaluate_all("os => os.map(o => o.value)") == ["y"]

    run_with_panel_open(lesson_app, page, FUNC_GRADS)
    page.wait_for_selector('.practice [data-testid="graph-view-tab"][data-kind="func"]')
    tabs.last.click()
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-tensor]').value === 'torch.func @ 5'")
    assert "vmap › grad" in help_text.text_content()
    assert "transform's own backward pass" in practice.locator('[data-testid="graph-step"]').text_content()


def test_the_stepper_fetches_later_steps_as_the_learner_steps_on(lesson_app, page):
    """Python describes the first 64 steps when the panel opens, the rest when asked for: End
    shows the last of 151 steps, the leaf's gradient after 150 sines."""
    practice = run_with_panel_open(lesson_app, page, "import torch\nx = torch.tensor(0.5, requires_grad=True)\n"
                                   "y = x\nfor _ in range(150):\n    y = y.sin()\n")
    wait_for_steps(page)
    assert "1 of 151" in practice.locator('[data-testid="graph-step"]').text_content()
    practice.locator('[data-testid="graph-step-next"]').focus()
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-step]').dataset.step === '150'"
                           " && document.querySelector('.practice [data-testid=graph-step-product]')")
    assert practice.locator('[data-testid="graph-step-product"]').text_content().startswith("x.grad would get 0.0189")
    assert practice.locator('[data-testid="graph-step-loading"]').count() == 0
    page.keyboard.press("Home")  # Next, disabled at the end, handed the focus on: the keys still step
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-step]').dataset.step === '0'")


# 60 training steps' losses summed into one graph: 721 nodes, folded into a box of 58 repeats
TRAINING_LOOP = """import torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
x, target = torch.randn(32, 4), torch.randn(32, 1)
y = torch.zeros(())
for step in range(60):
    y = y + torch.nn.functional.mse_loss(model(x), target)
"""


def drawn_ids(page):
    return sorted(page.locator(BOXES).evaluate_all("ns => ns.map(n => n.dataset.id)"))


def test_an_opened_box_folds_again_by_click_or_keyboard_and_a_nodes_values_come_when_picked(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, TRAINING_LOOP)
    repeat = practice.locator('[data-testid="graph-group"][data-name^="58× AddBackward0"]')
    repeat.wait_for()
    folded = drawn_ids(page)
    refolds = practice.locator('[data-testid="graph-refold"]')
    listed = "bs => bs.map(b => [b.dataset.group, b.getAttribute('aria-label')])"
    # (a module box opened in an earlier program, "model.0", stays open in this one's graph)
    before = refolds.evaluate_all(listed)
    assert all(not group.startswith("repeat") for group, _ in before)
    group = repeat.get_attribute("data-id")
    repeat.click()
    item = practice.locator('[data-testid="graph-group"][data-name="repeat 58 of 58"]')
    item.click()
    page.wait_for_function("n => document.querySelectorAll('.practice [data-testid=graph-refold]').length === n + 2", arg=len(before))
    item_group = refolds.last.get_attribute("data-group")
    assert item_group.startswith("repeat-item:") and refolds.evaluate_all(listed) == before + [
        [group, "Fold again: 58× AddBackward0 + MseLossBackward0 + …"], [item_group, "Fold again: repeat 58 of 58"]]
    # a node inside the opened repeat: the graph's answer had only its name; its value is asked for when picked
    loss = practice.locator('[data-testid="graph-node"][data-name="MseLossBackward0"]').last
    loss.click()
    details = practice.locator('[data-testid="graph-details"][data-name="MseLossBackward0"][data-state="ready"]')
    assert "torch.float32 [] = " in details.text_content()
    # folded again from the keyboard: the repeat's box is back, and then the loop's
    refolds.last.focus()
    page.keyboard.press("Enter")
    item.wait_for()
    page.wait_for_function("n => document.querySelectorAll('.practice [data-testid=graph-refold]').length === n + 1", arg=len(before))
    practice.locator(f'[data-testid="graph-refold"][data-group="{group}"]').click()
    repeat.wait_for()
    assert refolds.evaluate_all(listed) == before and drawn_ids(page) == folded


FUNC_CALLS = """import torch
from torch.func import grad, vmap
per_example = vmap(grad(lambda v: (v ** 3).sum()))(torch.ones(3, 2))
w = torch.tensor([1.0, 2.0])
for step in range(6):
    g = grad(lambda p: (p * p).sum())(w)
"""


def test_every_transforms_graph_is_offered_with_its_input_leaf_named(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, FUNC_CALLS)
    tabs = practice.locator('[data-testid="graph-view-tab"]')
    page.wait_for_function("() => document.querySelectorAll('.practice [data-testid=graph-view-tab]').length === 2")
    assert tabs.evaluate_all("ts => ts.map(t => t.dataset.view)") == ["func:3", "func:6"]
    # vmap(grad(f)) of an unnamed tensor: its input leaf is named as f's parameter
    tabs.first.click()
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-tensor]').value === 'torch.func @ 3'")
    page.wait_for_selector('.practice [data-testid="graph-node"][data-name="SumBackward1"]')  # its graph is drawn
    leaf = practice.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]')
    assert leaf.evaluate_all("ns => ns.map(n => n.dataset.label)") == ["v"]
    tabs.last.click()
    picker = practice.locator('[data-testid="graph-tensor"]')
    # all six calls of the loop (a run kept only the last 4 backward passes before)
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-tensor]').options.length === 6")
    assert picker.locator("option").evaluate_all("os => os.map(o => o.value)") == [
        "torch.func @ 6"] + [f"torch.func @ 6 #{k}" for k in range(2, 7)]
    picker.select_option("torch.func @ 6 #2")
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-tensor]').value === 'torch.func @ 6 #2'"
                           " && document.querySelector('.practice [data-testid=graph-node][data-name=AccumulateGrad]')")
    # grad(f)(w): named as the program's tensor w, and picking it shows w's value
    assert leaf.evaluate_all("ns => ns.map(n => n.dataset.label)") == ["w"]
    leaf.click()
    assert "[1, 2]" in practice.locator('[data-testid="graph-details"][data-name="AccumulateGrad"][data-state="ready"]').text_content()


JVP_ONLY = """import torch
from torch.func import jvp
x = torch.tensor([1.0, 2.0])
for k in range(3):
    out, t = jvp(lambda v: (v * v).sin(), (x + k,), (torch.ones(2),))
"""


def real_jvp_tangents(k):
    """The tangents real PyTorch's forward AD gives the dual input, v * v and sin in call k."""
    import torch  # real torch here: the oracle
    import torch.autograd.forward_ad as fwAD
    with fwAD.dual_level():
        d = fwAD.make_dual(torch.tensor([1.0, 2.0]) + k, torch.ones(2))
        square = d * d
        return [repr(fwAD.unpack_dual(t).tangent) for t in (d, square, square.sin())]


def test_a_forward_mode_transform_gets_a_view_of_its_tangents_and_says_why_no_graph(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, JVP_ONLY)
    call = practice.locator('[data-testid="graph-forward-call"]')
    call.wait_for()
    assert practice.locator('[data-testid="graph-empty"]').count() == 0  # not "no tensor that requires grad"
    help_text = practice.locator('[data-testid="graph-view-help"]')
    assert help_text.get_attribute("data-kind") == "tangents"
    assert "no backward graph to draw" in help_text.text_content() and "3 calls" in help_text.text_content()
    assert "torch.func, forward mode (line 5)" in help_text.text_content()
    tangents = call.locator('[data-testid="graph-tangent"]')
    # the last call first, each tangent pushed forward by its op from the earlier ones
    assert call.get_attribute("data-call") == "3"
    assert tangents.evaluate_all("ts => ts.map(t => [t.dataset.op, t.dataset.tangent])") == [
        list(pair) for pair in zip(["make_dual", "mul", "sin"], real_jvp_tangents(2))]
    assert "mul(#1, #1)" in tangents.nth(1).text_content() and "sin(#2)" in tangents.nth(2).text_content()
    number = practice.locator('[data-testid="graph-call"]')
    assert (number.get_attribute("min"), number.get_attribute("max")) == ("1", "3")
    number.fill("1")
    number.dispatch_event("change")
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-forward-call]').dataset.call === '1'")
    assert tangents.evaluate_all("ts => ts.map(t => t.dataset.tangent)") == real_jvp_tangents(0)


FUNC_GRAD_LOOP = """import torch
from torch.func import grad
w = torch.tensor([1.0, 2.0])
for step in range(50):
    g = grad(lambda p: (p * p).sum())(w * (step + 1))
"""


def test_a_transforms_input_says_torch_func_returns_its_gradient_and_many_calls_are_picked_by_number(lesson_app, page):
    practice = run_with_panel_open(lesson_app, page, FUNC_GRAD_LOOP)
    page.wait_for_selector('.practice [data-testid="graph-call"]')
    picker = practice.locator('[data-testid="graph-tensor"]')
    # 50 calls: the first and last 10 listed, a note between them, any one by its number
    options = picker.locator("option")
    assert options.count() == 21
    assert options.nth(10).is_disabled() and "30 more" in options.nth(10).text_content()
    assert options.nth(11).get_attribute("value") == "torch.func @ 5 #41"
    number = practice.locator('[data-testid="graph-call"]')
    assert number.get_attribute("max") == "50"
    number.fill("25")
    number.dispatch_event("change")
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-tensor]').value === 'torch.func @ 5 #25'"
                           " && document.querySelector('.practice [data-testid=graph-node][data-name=AccumulateGrad]')")
    assert options.count() == 22  # the chosen call is listed too
    # the stepper's last step and the input leaf's details (named as f's parameter p = 25 * w):
    # returned, not accumulated into .grad
    practice.locator('[data-testid="graph-step-next"]').focus()
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('.practice [data-testid=graph-step-next]').disabled")
    assert "torch.func returns [50, 100] as the gradient for p" in practice.locator('[data-testid="graph-step-product"]').text_content()
    practice.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]').click()
    grad = practice.locator('[data-testid="graph-details"][data-state="ready"] [data-testid="graph-leaf-grad"]')
    assert grad.get_attribute("data-kind") == "transform"
    assert grad.text_content() == "None: torch.func returns the gradient instead of storing it in .grad; this call returned tensor([ 50., 100.])"


def test_the_forward_mode_view_and_the_bounded_picker_pass_an_axe_audit(open_app):
    from conftest import SEED_LESSON
    from test_i18n_a11y import serious_violations
    app = open_app(bypass_csp=True)  # axe's script is injected
    page = app.open(f"#/lesson/{SEED_LESSON}")
    found = {}
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        practice = run_with_panel_open(app, page, JVP_ONLY)
        practice.locator('[data-testid="graph-forward-call"]').wait_for()
        found[f"{theme}: a forward-mode call's tangents"] = serious_violations(page)
        run_with_panel_open(app, page, FUNC_GRAD_LOOP)
        practice.locator('[data-testid="graph-call"]').wait_for()
        practice.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]').click()
        practice.locator('[data-testid="graph-details"][data-state="ready"]').wait_for()
        found[f"{theme}: 50 calls' picker and a transform's input"] = serious_violations(page)
    assert found == {name: [] for name in found}
