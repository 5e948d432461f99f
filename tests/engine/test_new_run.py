"""The app's worker runs every program in the same interpreter; each run must start as a new
Python process would: PyTorch's settings at their defaults, its once-per-process warnings
shown again."""
import importlib.util
import warnings
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "app_program_runner_for_engine", Path(__file__).resolve().parents[2] / "app" / "py" / "runner.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)


def run(program):
    """The run's output and the warning messages it raised."""
    chunks = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # Python's own once-per-line rule out of the way
        assert runner.run(program, [], lambda stream, text: chunks.append(text))["error"] is None
    return "".join(chunks), [(w.filename, w.lineno, str(w.message)) for w in caught]


def test_a_once_per_process_warning_shows_once_in_every_run_at_the_learners_line():
    program = "import torch\nv = torch.ones(3)\nfor _ in range(3):\n    v.T\ntorch.ones(2, 2, 2).T\n"
    for _ in range(2):
        _, shown = run(program)
        assert len(shown) == 1
        filename, line, message = shown[0]
        assert (filename, line) == ("main.py", 4)
        assert message.startswith("The use of `x.T` on tensors of dimension other than 2")


def test_settings_a_program_changes_do_not_reach_the_next_run():
    run("import torch\ntorch.set_default_dtype(torch.float64)\ntorch.set_printoptions(precision=1)\n"
        "torch.set_grad_enabled(False)\n")
    output, _ = run("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\nprint(x.dtype, x * 1.2345)\n")
    assert output == "torch.float32 tensor([1.2345, 2.4690], grad_fn=<MulBackward0>)\n"
