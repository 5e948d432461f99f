"""The docs integrations (integrations/, docs/embedding.md "Sphinx" and "MkDocs"): option parsing,
escaping, and the `check` outputs they fill in at build time, which must be what real PyTorch prints.

The docs sites in tests/docs_sites/ are built here into temporary folders; tests/ui/test_docs_sites.py
runs their cells in Chromium.
"""

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

markdown = pytest.importorskip("markdown")
from torch_cell_core import Cell, CheckError, cell_html, checker_for, fill_expected  # noqa: E402
from mkdocs_torch_cell.extension import parse_attributes  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
SITES = ROOT / "tests" / "docs_sites"
CELL = re.compile(r"<torch-cell(?P<attributes>[^>]*)>(?P<code>.*?)(?:<template>(?P<expected>.*?)</template>)?</torch-cell>", re.S)

# What real PyTorch 2.13 prints for the docs sites' `check` cells (tests/docs_sites/*: the session's
# two cells, the hide-code cell, the MyST page's cell); test_checks_with_real_torch_print_these
# proves it on every run that has torch.
CHECKED = [
    "tensor(12., grad_fn=<AddBackward0>)\n",
    "tensor(14.)\n",
    "tensor([0., 2., 4.]) 1 ü\n",
]
MYST_CHECKED = "tensor([ 2., -4.])\n"
HAS_TORCH = subprocess.run([sys.executable, "-c", "import torch"], capture_output=True).returncode == 0
needs_torch = pytest.mark.skipif(not HAS_TORCH, reason="real PyTorch is not installed")
needs_build = pytest.mark.skipif(not (DIST / "pyengine.zip").is_file(), reason="no course build in dist/ (npm run build)")


def cells_in(page):
    """(attributes, code, expected) of each cell in a built page, unescaped as the browser reads them."""
    return [
        (match["attributes"].strip(), html.unescape(match["code"]), None if match["expected"] is None else html.unescape(match["expected"]))
        for match in CELL.finditer(Path(page).read_text(encoding="utf-8"))
    ]


def test_code_and_expected_output_are_escaped_so_any_python_survives():
    code = 'print("<b>&amp;</b>", """a\n</torch-cell>""", "ü")'
    markup = cell_html(Cell(code=code, session='a "b"', expected="x < y & z\n", flags={"readonly"}, attributes={"caption": "«ü» & 'q'"}))
    assert markup.startswith('<torch-cell session="a &quot;b&quot;" caption="«ü» &amp; &#x27;q&#x27;" readonly>')
    assert markup.count("</torch-cell>") == 1 and markup.count("<template>") == 1
    [(_, parsed_code, expected)] = cells_in_text(markup)
    assert parsed_code == code and expected == "x < y & z\n"


def cells_in_text(text):
    return [
        (m["attributes"], html.unescape(m["code"]), None if m["expected"] is None else html.unescape(m["expected"])) for m in CELL.finditer(text)
    ]


def test_a_cell_refuses_unknown_options_and_an_expected_output_with_check():
    with pytest.raises(ValueError, match="unknown torch-cell flag.*graf"):
        Cell(code="1", flags={"graf"})
    with pytest.raises(ValueError, match="either an expected output or `check`"):
        Cell(code="1", expected="1", check=True)


def test_fence_attributes_parse_with_quotes_and_refuse_unknown_ones():
    assert parse_attributes('session=intro check graph caption="A caption, «ü»"') == ("intro", {"graph"}, {"caption": "A caption, «ü»"}, True)
    assert parse_attributes(None) == (None, set(), {}, False)
    with pytest.raises(ValueError, match="unknown torch block attribute 'sesion=x'"):
        parse_attributes("sesion=x")


def test_the_markdown_extension_alone_writes_the_script_once_and_leaves_other_fences_alone():
    text = "# T\n\n```torch {session=s}\nprint(1 < 2)\n```\n```torch-expected\nTrue\n```\n\n```python\nprint('not a cell')\n```\n\n```torch\nprint(2)\n```\n"
    page = markdown.markdown(text, extensions=["torch_cell", "fenced_code"], extension_configs={"torch_cell": {"base_url": "https://docs.example/course/"}})
    assert page.count('<script type="module" src="https://docs.example/course/embed.js"></script>') == 1
    assert cells_in_text(page) == [(' session="s"', "print(1 < 2)", "True"), ("", "print(2)", None)]
    assert "<pre><code class=\"language-python\">print('not a cell')" in page


@needs_torch
def test_checks_with_real_torch_print_these():
    cells = [Cell(code="import torch\nx = torch.tensor(2.0, requires_grad=True)\ny = x ** 3 + 2 * x\nprint(y)", session="s", check=True),
             Cell(code="y.backward()\nprint(x.grad)", session="s", check=True),
             Cell(code='import torch\ns = """multi\nline"""\nx = torch.arange(3.0, requires_grad=True)\n(x * x).sum().backward()\nprint(x.grad, s.count("\\n"), "ü")', check=True)]
    assert fill_expected(cells, checker_for("torch")) == []
    assert [cell.expected for cell in cells] == CHECKED


@needs_build
def test_the_engine_fills_in_what_real_torch_prints_and_a_failing_cell_is_named():
    checker = checker_for("engine", DIST)
    assert "pyengine.zip" in checker.describe()
    cells = [Cell(code="import torch\nw = torch.tensor([1.0, -2.0], requires_grad=True)\n(w * w).sum().backward()\nprint(w.grad)", check=True, source="page.md:3"),
             Cell(code="print(undefined)", session="t", check=True, source="page.md:9"),
             Cell(code="print('after')", session="t", check=True, source="page.md:14")]
    problems = fill_expected(cells, checker)
    assert cells[0].expected == MYST_CHECKED
    assert problems == ["page.md:9: the cell raised NameError: name 'undefined' is not defined when run with " + checker.describe() + "; its expected output is left out"]
    assert cells[1].expected is None and cells[2].expected == "after\n"  # a session runs on past a failed cell, as in the browser


def test_no_torch_and_no_course_build_is_said_plainly():
    with pytest.raises(CheckError, match="no course build is set"):
        checker_for("engine", None)
    with pytest.raises(CheckError, match="check_with must be one of"):
        checker_for("jax")


def build_sphinx(tmp_path, builder="html", **env):
    out = tmp_path / builder
    completed = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", builder, "-E", str(SITES / "sphinx"), str(out)],
        capture_output=True, text=True, env={**_clean_env(), **env}, timeout=600,
    )
    assert completed.returncode == 0, completed.stderr
    return out, completed.stdout + completed.stderr


def _clean_env():
    return {key: value for key, value in os.environ.items() if not key.startswith("TORCH_CELL_")}


@needs_build
@pytest.mark.parametrize("check_with", ["engine", pytest.param("torch", marks=needs_torch)])
def test_sphinx_directive_options_and_checked_outputs(tmp_path, check_with):
    out, log = build_sphinx(tmp_path, TORCH_CELL_BASE_URL="https://docs.example/course/", TORCH_CELL_COURSE_DIR=str(DIST), TORCH_CELL_CHECK_WITH=check_with)
    assert ("real PyTorch" if check_with == "torch" else "the course's engine") in log
    index = out / "index.html"
    assert index.read_text().count('<script type="module" src="https://docs.example/course/embed.js"></script>') == 1
    cells = cells_in(index)
    assert [attributes for attributes, _, _ in cells] == [
        'session="intro"', 'session="intro"', "", "caption=\"Prints the Jacobian&#x27;s diagonal — «ü»\" hide-code",
    ]
    assert cells[2][1].endswith('print(a > 0)  # "<" and "&" survive: 1 < 2 & True')
    assert [expected for _, _, expected in cells] == [CHECKED[0], CHECKED[1], "tensor([ True, False])", CHECKED[2]]
    [(attributes, _, expected)] = cells_in(out / "myst.html")
    assert attributes == "graph" and expected == MYST_CHECKED
    assert not (out / "_static" / "torch-cell").exists()  # a base URL: nothing copied


@needs_build
def test_sphinx_copies_the_course_for_offline_docs_and_other_builders_show_the_code(tmp_path):
    out, _ = build_sphinx(tmp_path, TORCH_CELL_COURSE_DIR=str(DIST), TORCH_CELL_CHECK_WITH="engine")
    copied = out / "_static" / "torch-cell"
    assert (copied / "embed.js").is_file() and (copied / "pyengine.zip").is_file() and (copied / "worker.js").is_file()
    assert not (copied / "offline").exists() and not list(copied.glob("*.br"))
    assert '<script type="module" src="_static/torch-cell/embed.js"></script>' in (out / "index.html").read_text()
    text_out, _ = build_sphinx(tmp_path, builder="text", TORCH_CELL_COURSE_DIR=str(DIST), TORCH_CELL_CHECK_WITH="engine")
    page = (text_out / "index.txt").read_text()
    assert "y.backward()" in page and "torch-cell" not in page


@needs_build
def test_mkdocs_fences_become_cells_with_page_relative_files_and_checked_outputs(tmp_path):
    pytest.importorskip("mkdocs")
    out = tmp_path / "site"
    completed = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(SITES / "mkdocs" / "mkdocs.yml"), "-d", str(out)],
        capture_output=True, text=True, env={**_clean_env(), "TORCH_CELL_COURSE_DIR": str(DIST), "TORCH_CELL_CHECK_WITH": "engine"}, timeout=600,
    )
    assert completed.returncode == 0, completed.stderr
    assert "check cells run with the course's engine" in completed.stderr
    index = (out / "index.html").read_text()
    assert index.count('<script type="module" src="torch-cell/embed.js"></script>') == 1
    assert "<em>in Markdown</em>" in index  # the page goes on as Markdown after the cells
    assert [expected for _, _, expected in cells_in(out / "index.html")] == [CHECKED[0], CHECKED[1], "tensor([ True, False])"]
    deeper = out / "deeper" / "page" / "index.html"
    assert '<script type="module" src="../../torch-cell/embed.js"></script>' in deeper.read_text()
    assert [expected for _, _, expected in cells_in(deeper)] == [CHECKED[2]]
    assert (out / "torch-cell" / "embed.js").is_file()


@needs_build
def test_npm_pack_gives_a_package_a_docs_project_can_vendor():
    import json
    import tarfile

    out = subprocess.run(["node", str(ROOT / "scripts" / "pack-embed.mjs"), "--dist", str(DIST)], capture_output=True, text=True, timeout=300, check=True)
    tarball = Path(out.stdout.strip().removeprefix("Wrote "))
    try:
        with tarfile.open(tarball) as packed:
            names = set(packed.getnames())
            package = json.load(packed.extractfile("package/package.json"))
            readme = packed.extractfile("package/README.md").read().decode()
        assert {"package/embed.js", "package/worker.js", "package/pyengine.zip", "package/embed.html"} <= names
        assert not [name for name in names if "/offline/" in name or name.endswith((".br", ".gz"))]
        assert package["name"] == "torch-cell-embed" and package["main"] == "embed.js"
        assert readme == (ROOT / "docs" / "embedding.md").read_text()
    finally:
        tarball.unlink()
