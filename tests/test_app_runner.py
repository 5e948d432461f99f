"""The worker's program runner (app/py/runner.py) in plain CPython: what a learner's run sees."""

import importlib.util
from pathlib import Path

# Loaded under its own name from its file: other test folders have modules called `runner` too.
_spec = importlib.util.spec_from_file_location("app_program_runner", Path(__file__).resolve().parents[1] / "app" / "py" / "runner.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)


def run(code, prelude=()):
    chunks = []
    result = runner.run(code, list(prelude), lambda stream, text: chunks.append((stream, text)))
    return chunks, result["error"]


def test_each_run_starts_with_a_fresh_namespace():
    run("leftover = 1")
    chunks, error = run("print(leftover)")
    assert chunks == []
    assert error["type"] == "NameError" and error["line"] == 1


def test_earlier_examples_run_silently_in_the_same_namespace():
    chunks, error = run("print(y * 2)", prelude=["y = 21\nprint('hidden')"])
    assert error is None
    assert chunks == [("stdout", "42\n")]


def test_output_is_handed_over_line_by_line_and_streams_stay_apart():
    chunks, _ = run("import sys\nprint('a', end='')\nprint('b')\nprint('oops', file=sys.stderr)\nprint('c', end='')")
    assert chunks == [("stdout", "ab\n"), ("stderr", "oops\n"), ("stdout", "c")]


def test_an_error_in_an_earlier_example_names_that_example():
    chunks, error = run("print('never')", prelude=["1/0"])
    assert chunks == []
    assert 'File "example 1.py", line 1' in error["traceback"]
    assert error["line"] is None  # not a line of the learner's program


def test_exit_with_status_zero_is_a_normal_end():
    chunks, error = run("print('bye')\nraise SystemExit(0)\nprint('not reached')")
    assert error is None and chunks == [("stdout", "bye\n")]
