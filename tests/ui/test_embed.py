"""Embedding in other people's pages (issue 16): <torch-cell>, the iframe embed and PyScript, each
on a host page served from another port than the course's files, as a docs site would be.

Expected outputs come from real PyTorch: tests/gen/gen_embed.py writes embed_expected.json (and the
demo's <template>s) from the demo page's cells.
"""

import json
import re
from pathlib import Path

import pytest

DIST = Path(__file__).resolve().parents[2] / "dist"
EXPECTED = json.loads((Path(__file__).with_name("embed_expected.json")).read_text())
CELLS = EXPECTED["demo_cells"]


def shown(printed):
    """What the output panel shows for `printed`: its lines (the last newline ends the last line)."""
    return printed.removesuffix("\n")
RUN_TIMEOUT_MS = 90_000  # the first Run boots Python


def host_copy(page, site_url):
    """`page` of ours as a docs host would have it: our files by their URL, the host's own policy."""
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page)
    return re.sub(r'(src|href)="\./', rf'\1="{site_url}', page)


@pytest.fixture(scope="module")
def host_url(built_site, site_url, serve_folder, tmp_path_factory):
    """A docs host on another port (a plain static server, no isolation headers) whose pages load
    everything of ours from `site_url`."""
    host = tmp_path_factory.mktemp("host")
    (host / "demo.html").write_text(host_copy((DIST / "embed-demo.html").read_text(), site_url))
    cells = "\n".join(f"<torch-cell>print({n} * 2)</torch-cell>" for n in range(20))
    (host / "idle.html").write_text(f'<!doctype html><title>idle</title><script type="module" src="{site_url}embed.js"></script>\n{cells}\n')
    (host / "preload.html").write_text(
        f'<!doctype html><title>preload</title><script type="module" src="{site_url}embed.js"></script>\n'
        '<div style="height: 3000px"></div><torch-cell preload>print(1)</torch-cell>\n'
    )
    pyscript = EXPECTED["pyscript"]
    (host / "pyscript.html").write_text(
        f'<!doctype html><title>pyscript</title><script type="module" src="{site_url}pyscript-torch.js"></script>\n'
        f'<body><script type="py">\n{pyscript["code"]}</script>\n'
        '<script type="py">\nwhile True:\n    pass\n</script>\n'
        f'<script type="py">\n{pyscript["after_loop_code"]}</script>\n'
        f'<script type="py-editor" env="t" setup>\n{pyscript["setup_code"]}</script>\n'
        f'<script type="py-editor" env="t">\n{pyscript["editor_code"]}</script>\n'
    )
    url = serve_folder(host)
    assert url != site_url
    return url


class Host:
    """A browser page on the host site, recording requests, workers and console lines."""

    def __init__(self, browser, host_url, site_url, path):
        self.allowed = (host_url, site_url, "data:", "blob:")
        self.context = browser.new_context()
        self.requests, self.workers, self.console, self.errors = [], [], [], []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page = self.context.new_page()
        self.page.on("worker", lambda worker: self.workers.append(worker.url))
        self.page.on("console", lambda message: self.console.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(host_url + path)

    def cell(self, n):
        return self.page.locator("torch-cell").nth(n)

    def run(self, n):
        cell = self.cell(n)
        cell.locator('[data-testid="run"]').click()
        return self.wait_for_output(n)

    def wait_for_output(self, n):
        """The cell's output as shown, once its run has ended."""
        output = self.cell(n).locator('[data-testid="output"]')
        output.and_(self.page.locator('[data-running="false"]')).wait_for(timeout=RUN_TIMEOUT_MS)
        return output.inner_text()

    def close(self):
        try:
            assert [url for url in self.requests if not url.startswith(self.allowed)] == []
            assert self.errors == []
        finally:
            self.context.close()


@pytest.fixture
def open_host(browser, host_url, site_url):
    hosts = []

    def make(path):
        hosts.append(Host(browser, host_url, site_url, path))
        return hosts[-1]

    yield make
    for host in hosts:
        host.close()


@pytest.fixture(scope="module")
def demo(browser, host_url, site_url):
    """The demo page on the host, shared by the tests of one Python boot."""
    host = Host(browser, host_url, site_url, "demo.html")
    yield host
    host.close()


def test_idle_cells_start_no_worker_until_a_run(open_host):
    host = open_host("idle.html")
    page = host.page
    assert page.locator('torch-cell [data-testid="run"]').count() == 20
    page.mouse.wheel(0, 5000)
    page.wait_for_timeout(1500)
    assert host.workers == []
    assert not [url for url in host.requests if re.search(r"worker\.js|pyodide|pyengine", url)]
    with page.expect_worker():
        host.cell(19).locator('[data-testid="run"]').click()
    assert host.wait_for_output(19) == "38"
    assert not [url for url in host.requests if any(url.endswith(chunk) for chunk in graph_chunks())]


def graph_chunks():
    """The built files that hold the graph panel's code (views/graph.js) or mount it in a cell."""
    return [path.name for path in DIST.glob("embed-*.js") if "graph-zoom-in" in path.read_text() or path.name.startswith("embed-cell-graph-")]


def test_preload_starts_python_when_the_cell_scrolls_into_view(open_host):
    host = open_host("preload.html")
    host.page.wait_for_timeout(1000)
    assert host.workers == []
    with host.page.expect_worker():
        host.cell(0).scroll_into_view_if_needed()


def test_cells_print_what_pytorch_prints_and_a_session_runs_in_page_order(demo):
    # The second cell of the session first: the first runs silently before it.
    assert demo.run(1) == shown(CELLS[1]["output"])
    assert demo.run(0) == shown(CELLS[0]["output"])
    # Running the first cell again started the session over; the second then runs on from there.
    assert demo.run(1) == shown(CELLS[1]["output"])
    assert demo.cell(1).locator('[data-testid="session-note"]').count() == 0
    # Run again, the second cell starts its session over (the first cell again, then it), so
    # y.backward() works as it did the first time, and the cell says why.
    assert demo.run(1) == shown(CELLS[1]["output"])
    note = demo.cell(1).locator('[data-testid="session-note"]')
    assert note.get_attribute("data-kind") == "restarted" and "cell 1 ran again" in note.inner_text()
    assert demo.run(3) == shown(CELLS[3]["output"])
    # The autorun cell (code hidden) runs once it scrolls into view.
    autorun = demo.cell(4)
    assert autorun.locator('[data-testid="editor"]').count() == 0
    autorun.scroll_into_view_if_needed()
    assert demo.wait_for_output(4) == shown(CELLS[4]["output"])


def test_expected_output_gives_pass_then_fail_with_a_diff(demo):
    cell = demo.cell(2)
    assert CELLS[2]["checked"]
    # Keyboard: Ctrl+Enter in the editor runs the cell.
    cell.locator(".cm-content").click()
    demo.page.keyboard.press("Control+Enter")
    assert demo.wait_for_output(2) == shown(CELLS[2]["output"])
    assert cell.locator('[data-testid="verdict"]').get_attribute("data-state") == "pass"
    cell.locator(".cm-content").fill(CELLS[2]["code"].replace("w * w", "w * 3"))
    demo.run(2)
    assert cell.locator('[data-testid="verdict"]').get_attribute("data-state") == "fail"
    assert cell.locator('[data-testid="diff"] [data-op="expected"]').count() == 2


def test_cells_are_usable_by_keyboard_and_screen_reader(demo):
    page = demo.page
    assert page.get_by_role("textbox", name="Python code, cell 1").count() == 1
    assert page.locator("torch-cell").get_by_role("button", name="Run", exact=True).count() == 6
    page.get_by_role("textbox", name="Python code, cell 1").focus()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")  # leaves the editor for the cell's Run button
    assert page.evaluate("document.activeElement.shadowRoot.activeElement.dataset.testid") == "run"
    readonly = demo.cell(3)
    readonly.locator(".cm-content").click()
    page.keyboard.type("oops")
    assert readonly.locator('[data-testid="editor"]').evaluate("editor => editor.value") == CELLS[3]["code"]


def test_iframe_of_a_practice_sizes_itself_to_its_content(demo):
    frame_element = demo.page.locator("iframe")
    frame_element.scroll_into_view_if_needed()
    frame = demo.page.frame_locator("iframe")
    frame.locator('[data-testid="editor"]').wait_for()

    def heights():
        content = frame.locator("html").evaluate("html => Math.ceil(html.getBoundingClientRect().height)")
        return frame_element.evaluate("iframe => iframe.clientHeight"), content

    demo.page.wait_for_function("() => document.querySelector('iframe').style.height !== ''")
    framed, content = heights()
    assert framed == content > 300  # the default iframe height is 150
    frame.locator('[data-testid="hint"]').click()
    frame.locator('[data-testid="hint-text"]').wait_for()
    demo.page.wait_for_function(f"() => document.querySelector('iframe').clientHeight > {framed}")
    framed_after, content_after = heights()
    assert framed_after == content_after


def test_a_graph_cell_shows_the_graph_panel_after_a_run(demo):
    cell = demo.cell(5)
    expected = CELLS[5]["graph"]
    assert cell.locator('[data-testid="graph-panel"]').count() == 0
    assert demo.run(5) == shown(CELLS[5]["output"])
    panel = cell.locator('[data-testid="graph-panel"]')
    panel.locator('[data-testid="graph-node"]').first.wait_for()
    assert panel.locator('[data-testid="graph-tensor"]').input_value() == expected["tensor"]
    assert drawn_nodes(panel) == set(expected["nodes"])
    # Another cell's run replaces the graph the worker holds: picking another tensor asks about this
    # cell's run again, not the other's.
    assert demo.run(4) == shown(CELLS[4]["output"])
    panel.locator('[data-testid="graph-tensor"]').select_option("y")
    demo.page.wait_for_function("""() => {
        const cell = document.querySelectorAll("torch-cell")[5].shadowRoot;
        return !cell.querySelector('[data-name="ExpBackward0"]') && cell.querySelector('[data-name="MulBackward0"]');
    }""")
    assert drawn_nodes(panel) == set(expected["by_tensor"]["y"])


def test_a_graph_cells_nodes_and_lines_of_code_point_at_each_other(demo):
    """As on the course page: a node marks its line in the cell's editor, a line its nodes."""
    cell = demo.cell(5)
    demo.run(5)
    panel = cell.locator('[data-testid="graph-panel"]')
    panel.locator('[data-testid="graph-step"]').wait_for()  # the run's graph and its steps are in
    panel.locator('[data-testid="graph-node"][data-name="ExpBackward0"]').click()
    assert cell.locator(".cm-graph-line").text_content().strip() == "z = y.exp()"
    assert panel.locator('[data-testid="graph-node-line"]').text_content() == "5"
    cell.locator(".cm-line").nth(3).click()  # line 4: y = x * 3
    linked = panel.locator('[data-testid="graph-node"].linked')
    linked.first.wait_for()
    assert linked.evaluate_all("ns => ns.map(n => n.dataset.name)") == ["MulBackward0"]


def drawn_nodes(panel):
    """The grad_fn names the panel draws ("constant" is its own node for a constant operand)."""
    return set(panel.locator('[data-testid="graph-node"]').evaluate_all("nodes => nodes.map(n => n.dataset.name)")) - {"constant"}


def console_line(host, line):
    """Waits until `line` was written to the page's console."""
    for _ in range(RUN_TIMEOUT_MS // 250):
        if line in host.console:
            return True
        host.page.wait_for_timeout(250)
    return False


def test_pyscript_scripts_run_in_order_on_our_runtime_with_its_time_limit(open_host):
    host = open_host("pyscript.html?time-limit=3")
    pyscript = EXPECTED["pyscript"]
    assert console_line(host, pyscript["output"].rstrip("\n"))  # print() lines reach the console, as in PyScript
    # Our runtime's time limit ends the endless loop (PyScript's own interpreter would hang the page),
    # says so after the script, and the next script still runs.
    assert console_line(host, "Stopped: the program ran longer than the 3 s time limit.")
    assert host.page.locator('[data-testid="run-timeout"]').count() == 1
    assert console_line(host, pyscript["after_loop_output"].rstrip("\n"))
    # Python ran in our worker, never in PyScript's interpreter on the page.
    assert any(url.endswith("/worker.js") for url in host.requests)
    assert host.page.evaluate("() => 'pyodide' in window || 'loadPyodide' in window") is False


def test_pyscript_editor_runs_and_stops_on_our_runtime(open_host):
    host = open_host("pyscript.html")
    pyscript = EXPECTED["pyscript"]
    page = host.page
    run = page.locator(".py-editor-run-button")
    run.click()
    output = page.locator('py-editor .torch-output [data-testid="output"]')
    output.and_(page.locator('[data-running="false"]')).wait_for(timeout=RUN_TIMEOUT_MS)
    assert output.inner_text() == shown(pyscript["editor_output"])  # after its env's setup script
    assert page.locator("py-editor").count() == 1  # the setup script has no editor
    # Stop: the Run button stops a running editor, and our runtime says so.
    page.locator("py-editor .cm-content").fill("while True:\n    pass")
    run.click()
    page.locator('py-editor .torch-output [data-running="true"]').wait_for()
    assert run.get_attribute("aria-label") == "Stop"
    page.wait_for_timeout(500)
    run.click()
    page.locator('py-editor .torch-output [data-testid="run-stopped"]').wait_for()
    assert run.get_attribute("aria-label") != "Stop"


def test_embed_page_shows_one_part_or_says_what_is_wrong(browser, site_url, seed):
    page = browser.new_page()
    try:
        page.goto(f"{site_url}embed.html#lesson={seed['id']}&part=questions")
        page.locator('[data-testid="question"]').first.wait_for()  # rendered once lessons.json has loaded
        assert page.locator('[data-testid="question"]').count() == len(seed["questions"])
        assert page.locator('[data-testid="editor"]').count() == 0  # just that part
        page.goto(f"{site_url}embed.html#lesson={seed['id']}&part=example-99")
        page.reload()
        assert "There is no part “example-99” to embed" in page.locator('[role="alert"]').inner_text()
        page.goto(f"{site_url}embed.html#code=print(%22hi%22)")
        page.reload()
        assert page.locator("torch-cell .cm-content").inner_text() == 'print("hi")'
    finally:
        page.close()


def test_an_error_names_the_cell_and_marks_its_line(demo):
    cell = demo.cell(1)
    cell.locator(".cm-content").fill("x.grad = None\nprint(undefined_name)")
    output = demo.run(1)
    assert 'File "cell 2.py", line 2' in output and "NameError: name 'undefined_name' is not defined" in output
    marked = cell.locator(".cm-line").evaluate_all("lines => lines.findIndex(line => line.classList.contains('cm-error-line'))")
    assert marked == 1  # the second line


def test_the_demo_shows_each_examples_markup_and_author_mode_gives_the_markup_to_paste(open_host):
    host = open_host("demo.html?author")
    page = host.page
    markups = page.locator('[data-testid="demo-markup"]')
    examples = len(CELLS) + 2  # the cells, the iframe and the PyScript editor
    assert markups.count() == examples
    assert markups.nth(0).inner_text().startswith('<torch-cell session="intro">\n  import torch\n')
    assert markups.nth(3).inner_text().startswith('<torch-cell readonly height="7em">')  # boolean attributes as written
    # A hide-code cell says what it does, and shows its code on request.
    hidden = host.cell(4)
    assert hidden.locator('[data-testid="caption"]').inner_text().startswith("Prints random numbers")
    assert "torch.manual_seed(0)" in hidden.locator('[data-testid="hidden-code"]').text_content()
    # Author mode: the output becomes the expected output, graded at once, with the markup to paste.
    cell = host.cell(0)
    assert host.run(0) == shown(CELLS[0]["output"])
    cell.locator('[data-testid="author-take-output"]').click()
    assert cell.locator('[data-testid="verdict"]').get_attribute("data-state") == "pass"
    markup = cell.locator('[data-testid="author-markup"]').inner_text()
    assert markup.startswith('<torch-cell session="intro">\n  import torch')
    assert "  <template>\n    tensor(12., grad_fn=&lt;AddBackward0&gt;)\n  </template>\n</torch-cell>" in markup


def test_a_cell_past_the_time_limit_asks_to_keep_going_or_stop(open_host):
    host = open_host("demo.html?time-limit=1")
    cell = host.cell(2)
    cell.locator(".cm-content").fill("import time\nstart = time.time()\nwhile time.time() - start < 2:\n    pass\nprint('done')")
    cell.locator('[data-testid="run"]').click()
    cell.locator('[data-testid="run-keep-going"]').click(timeout=RUN_TIMEOUT_MS)
    assert host.wait_for_output(2) == "done"
    cell.locator(".cm-content").fill("while True:\n    pass")
    cell.locator('[data-testid="run"]').click()
    cell.locator('[data-testid="run-overtime-stop"]').click(timeout=10_000)
    cell.locator('[data-testid="run-stopped"]').wait_for(timeout=10_000)
