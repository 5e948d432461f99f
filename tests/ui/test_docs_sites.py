"""Docs sites written with the integrations (tests/docs_sites/: Sphinx with reST and MyST pages,
MkDocs), built with them installed from this checkout, served on their own origin and run in
Chromium: with the course's files from another origin (a base URL), and with the files copied into
the site and nothing else reachable (offline docs). Every expected output the cells are checked
against was filled in at build time (`check`) or written by hand, and each must pass.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx_torch_cell")
pytest.importorskip("mkdocs_torch_cell")

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SITES = ROOT / "tests" / "docs_sites"
RUN_TIMEOUT_MS = 90_000  # the first Run boots Python


def build(command, **env):
    clean = {key: value for key, value in os.environ.items() if not key.startswith("TORCH_CELL_")}
    completed = subprocess.run(command, capture_output=True, text=True, env={**clean, **env}, timeout=600)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout + completed.stderr


@pytest.fixture(scope="module")
def sphinx_remote(built_site, site_url, serve_folder, tmp_path_factory):
    """The Sphinx project, loading the course's files from the course's own server (another origin)."""
    out = tmp_path_factory.mktemp("sphinx-remote")
    build([sys.executable, "-m", "sphinx", "-b", "html", "-E", str(SITES / "sphinx"), str(out)], TORCH_CELL_BASE_URL=site_url, TORCH_CELL_COURSE_DIR=str(DIST))
    return serve_folder(out)


@pytest.fixture(scope="module")
def mkdocs_offline(built_site, serve_folder, tmp_path_factory):
    """The MkDocs site with the course's files copied into it: nothing else is needed."""
    out = tmp_path_factory.mktemp("mkdocs-offline")
    build([sys.executable, "-m", "mkdocs", "build", "-f", str(SITES / "mkdocs" / "mkdocs.yml"), "-d", str(out)], TORCH_CELL_COURSE_DIR=str(DIST))
    return serve_folder(out)


class DocsPage:
    """A page of a docs site in its own browser context, recording where its requests went."""

    def __init__(self, browser, url, allowed):
        self.context = browser.new_context()
        self.requests, self.errors = [], []
        self.allowed = allowed
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(url)

    def cell(self, n):
        return self.page.locator("torch-cell").nth(n)

    def run(self, n):
        """Runs cell n; its output as shown and its verdict, once the run has ended."""
        cell = self.cell(n)
        cell.locator('[data-testid="run"]').click()
        output = cell.locator('[data-testid="output"]')
        output.and_(self.page.locator('[data-running="false"]')).wait_for(timeout=RUN_TIMEOUT_MS)
        return output.inner_text(), cell.locator('[data-testid="verdict"]').get_attribute("data-state")

    def close(self):
        try:
            assert [url for url in self.requests if not url.startswith((*self.allowed, "data:", "blob:"))] == []
            assert self.errors == []
        finally:
            self.context.close()


@pytest.fixture
def open_page(browser):
    pages = []

    def make(url, *allowed):
        pages.append(DocsPage(browser, url, allowed))
        return pages[-1]

    yield make
    for page in pages:
        page.close()


def test_sphinx_cells_run_and_pass_against_outputs_filled_in_at_build_time(open_page, sphinx_remote, site_url):
    docs = open_page(sphinx_remote + "index.html", sphinx_remote, site_url)
    # The session's second cell first: its first cell runs before it; both outputs were filled in by `:check:`.
    assert docs.run(1) == ("tensor(14.)", "pass")
    assert docs.run(0) == ("tensor(12., grad_fn=<AddBackward0>)", "pass")
    assert docs.run(1) == ("tensor(14.)", "pass")
    # Run again: the session starts over, so backward() works again; the cell says so.
    assert docs.run(1) == ("tensor(14.)", "pass")
    assert docs.cell(1).locator('[data-testid="session-note"]').get_attribute("data-kind") == "restarted"
    # A hand-written expected output, and code whose <, & and quotes the page escaped.
    assert docs.run(2) == ("tensor([ True, False])", "pass")
    # hide-code: the caption says what it does; the code is there on request.
    hidden = docs.cell(3)
    assert hidden.locator('[data-testid="editor"]').count() == 0
    assert hidden.locator('[data-testid="caption"]').inner_text() == "Prints the Jacobian's diagonal — «ü»"
    assert docs.run(3) == ("tensor([0., 2., 4.]) 1 ü", "pass")


def test_a_myst_page_cell_with_graph_runs_and_passes(open_page, sphinx_remote, site_url):
    docs = open_page(sphinx_remote + "myst.html", sphinx_remote, site_url)
    assert docs.run(0) == ("tensor([ 2., -4.])", "pass")
    assert docs.cell(0).locator('[data-testid="graph-toggle"]').count() == 1


def test_mkdocs_site_with_the_course_copied_in_runs_offline(open_page, mkdocs_offline):
    # Every request stays on the docs site's own origin: the cells need no other host.
    docs = open_page(mkdocs_offline + "deeper/page/", mkdocs_offline)
    assert docs.run(0) == ("tensor([0., 2., 4.]) 1 ü", "pass")
    docs = open_page(mkdocs_offline, mkdocs_offline)
    assert docs.run(1) == ("tensor(14.)", "pass")
    assert docs.run(2) == ("tensor([ True, False])", "pass")
    assert "in Markdown" in docs.page.locator("main, body").first.inner_text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_cells_keep_light_colours_on_a_light_only_theme_and_follow_a_page_that_supports_dark(browser, sphinx_remote, site_url, built_site, scheme):
    # The Sphinx theme (Alabaster) is light only: a reader who prefers dark still gets light cells.
    # The course's own demo page declares `color-scheme: light dark`: there the cells follow the reader.
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        run_colour = "() => getComputedStyle(document.querySelector('torch-cell').shadowRoot.querySelector('[data-testid=run]')).backgroundColor"
        page.goto(sphinx_remote + "index.html")
        page.locator('torch-cell [data-testid="run"]').first.wait_for()
        assert page.evaluate(run_colour) == "rgb(51, 80, 200)"
        page.goto(site_url + "embed-demo.html")
        page.locator('torch-cell [data-testid="run"]').first.wait_for()
        assert page.evaluate(run_colour) == ("rgb(143, 166, 255)" if scheme == "dark" else "rgb(51, 80, 200)")
    finally:
        context.close()
