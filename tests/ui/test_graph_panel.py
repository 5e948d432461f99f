"""The graph panel (views/graph.js) and the mistake notes (mistakes.js) in Chromium, on the seed lesson."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "graph"))
from programs import WRONG_FUNCTION  # noqa: E402

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
    assert "_saved_other" in panel.locator('[data-testid="graph-details"]').text_content()


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
    repeat.click()
    # opened, the terms are more than a drawing holds at once: its top, x beside each use, and more on demand
    more = practice.locator('[data-testid="graph-group"][data-name$=" more nodes"]')
    more.wait_for()
    drawn = practice.locator('[data-testid="graph-node"]')
    first = drawn.count()
    assert first <= 120 and practice.locator('[data-testid="graph-node"][data-name="AccumulateGrad"]').count() > 2
    more.click()
    page.wait_for_function("n => document.querySelectorAll('.practice [data-testid=\"graph-node\"]').length > n", arg=first)


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
