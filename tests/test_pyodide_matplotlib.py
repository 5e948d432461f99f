"""The browser's matplotlib (browser_matplotlib/matplotlib) inside Pyodide under Node, the browser's own Python:

* pyplot's functions return, raise and warn what real matplotlib's do (tests/matplotlib/returns.py
  prints them; real matplotlib runs it in CPython);
* the browser's runner (app/py/runner.py) sends shown figures to the page in order with the text,
  one slot per place in the program (a loop updates one figure), throttled, with the end of a run
  showing what is left open, as a notebook does; names outside the subset say so;
* the Node runner (tests/pyodide/run_python.mjs) writes the figures a program shows to $PYENGINE_FIGURES;
* in CPython, `import matplotlib` is never ours.
"""
import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

REPO = suite.REPO
HERE = os.path.join(REPO, "tests", "matplotlib")
RUN_PYTHON = os.path.join(REPO, "tests", "pyodide", "run_python.mjs")
PYODIDE_UNAVAILABLE = suite.pyodide_unavailable_reason()
pytestmark = pytest.mark.skipif(PYODIDE_UNAVAILABLE is not None, reason=f"Pyodide tests need Node and Pyodide: {PYODIDE_UNAVAILABLE}")


def run_in_pyodide(script, **env):
    result = subprocess.run(["node", RUN_PYTHON, script], env=suite.clean_env(**env), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_pyplot_returns_and_raises_what_matplotlib_does():
    pytest.importorskip("matplotlib")
    pytest.importorskip("torch")
    script = os.path.join(HERE, "returns.py")
    real = subprocess.run([sys.executable, script], env=suite.clean_env(MPLBACKEND="Agg"), capture_output=True, text=True, timeout=300)
    assert real.returncode == 0, real.stderr[-3000:]
    assert run_in_pyodide(script) == real.stdout


def test_a_legend_of_nothing_warns_as_matplotlib_does():
    pytest.importorskip("matplotlib")
    script = os.path.join(HERE, "legend_warning.py")
    real = subprocess.run([sys.executable, script], env=suite.clean_env(), capture_output=True, text=True, timeout=300)
    ours = subprocess.run(["node", RUN_PYTHON, script], env=suite.clean_env(), capture_output=True, text=True, timeout=300)
    assert "UserWarning: No artists with labels found to put in legend." in real.stderr
    assert ours.stderr == real.stderr


@pytest.fixture(scope="module")
def runs():
    return json.loads(run_in_pyodide(os.path.join(HERE, "runner_figures.py")))


def figures(run):
    return [item for stream, item in run["emitted"] if stream == "figure"]


def test_a_figure_comes_between_the_text_printed_before_and_after_it(runs):
    assert [stream for stream, _ in runs["order"]["emitted"]] == ["stdout", "figure", "stdout"]
    figure = figures(runs["order"])[0]
    assert figure["number"] == 1 and figure["size"] == [6.4, 4.8]
    assert figure["axes"][0]["artists"][0] == {
        "kind": "line", "color": "#1f77b4", "linestyle": "-", "drawstyle": "default", "marker": None, "linewidth": 1.5, "markersize": 6.0,
        "alpha": None, "label": "", "x": [0.0, 1.0], "y": [1.0, 2.0]}
    assert figure["axes"][0]["xlim"] == [-0.05, 1.05]


def test_a_loop_that_shows_each_step_sends_one_slot_a_few_times_ending_with_its_last_picture(runs):
    shown = figures(runs["loop"])
    assert 1 < len(shown) < 50  # 200 shows, at most 5 sends a second
    assert len({figure["slot"] for figure in shown}) == 1
    assert shown[-1]["axes"][0]["artists"][0]["y"][-1] == 1 / 200
    assert figures(runs["pause"])[-1]["axes"][0]["artists"][0]["y"] == [2.0]  # the last frame, not a throttled earlier one


def test_shows_from_two_places_are_two_figures(runs):
    assert len({figure["slot"] for figure in figures(runs["two_places"])}) == 2


def test_the_end_of_a_run_shows_what_changed_since_it_was_last_shown(runs):
    assert len(figures(runs["savefig_then_end"])) == 1
    later = figures(runs["changed_after_savefig"])
    assert [figure["axes"][0]["title"] for figure in later] == ["", "later"]
    never_shown = figures(runs["never_shown"])
    assert len(never_shown) == 1 and [axes["cells"] for axes in never_shown[0]["axes"]] == [[1, 1], [2, 2], [3, 3], [4, 4]]
    assert runs["error_after_plot"]["error"] == "ZeroDivisionError: division by zero"
    assert len(figures(runs["error_after_plot"])) == 1  # shown even so, as a notebook shows it
    assert len(runs["session"]["emitted"]) == 1  # a session's cell drawing with the pyplot an earlier cell imported


def test_what_cannot_be_drawn_says_so(runs):
    assert runs["too_large"]["error"] == "ValueError: this figure holds 1,200,000 numbers; the browser draws figures of at most 1,000,000"
    assert figures(runs["nan_gap"])[0]["axes"][0]["artists"][0]["y"] == [1.0, None, 3.0]
    assert runs["unavailable"] == [
        "matplotlib.pyplot.contour is not available in the browser",
        "matplotlib Axes.contour is not available in the browser",
        "matplotlib.rcParams['font.family'] is not available in the browser",
        "matplotlib.pyplot.style is not available in the browser",
        "matplotlib plot(..., data=) is not available in the browser",
        "matplotlib colormap 'jet' is not available in the browser",
        "matplotlib plot(dashes=...) is not available in the browser",
    ]


def test_the_node_runner_writes_shown_figures_to_pyengine_figures(tmp_path):
    program = tmp_path / "plots.py"
    program.write_text("import matplotlib.pyplot as plt\nplt.hist([1, 2, 2], bins=2)\nplt.show()\nplt.imshow([[0, 1]], cmap='gray')\n")
    out = tmp_path / "figures" / "shown.jsonl"
    out.parent.mkdir()
    run_in_pyodide(str(program), PYENGINE_FIGURES=str(out))
    shown = [json.loads(line) for line in out.read_text().splitlines()]
    assert [[artist["kind"] for artist in figure["axes"][0]["artists"]] for figure in shown] == [["bars"], ["image"]]
    assert shown[1]["slot"] == "1@end"
    assert shown[1]["axes"][0]["artists"][0]["values"] == [0.0, 1.0]


def test_cpython_never_imports_the_browsers_matplotlib():
    probe = "import importlib.util as u; spec = u.find_spec('matplotlib'); print(spec and spec.origin)"
    origin = subprocess.run([sys.executable, "-c", probe], env=suite.clean_env(), capture_output=True, text=True, cwd=REPO).stdout
    assert "browser_matplotlib" not in origin
